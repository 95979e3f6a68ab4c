import { existsSync } from "node:fs";
import { expect, type Page } from "@playwright/test";
import { ACCOUNTS, type AccountName } from "./accounts";

// `npx playwright install` cannot download browsers on these machines; Debian's chromium can.
const debianChromium = "/usr/bin/chromium";
export const chromiumExecutablePath = existsSync(debianChromium) ? debianChromium : undefined;

/** Chromium's flags for the browser tests and the board bench: headless, quiet, no background traffic. */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--headless",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/** Signs the page's browser context in through the API (the sign-in form has its own tests). */
export async function signInBrowser(page: Page, account: AccountName): Promise<void> {
  const { email, password } = ACCOUNTS[account];
  const csrf = await page.request.get("/api/auth/csrf");
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const response = await page.request.post("/api/auth/callback/credentials", {
    form: { csrfToken, email, password, json: "true" },
    maxRedirects: 0,
  });
  expect(response.status(), await response.text()).toBeLessThan(400);
  const cookies = await page.context().cookies();
  expect(
    cookies.some((cookie) => cookie.name.endsWith("comanda.session")),
    "a session cookie",
  ).toBe(true);
}
