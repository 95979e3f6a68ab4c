import { expect, type Page } from "@playwright/test";
import { ACCOUNTS, type AccountName } from "./accounts";

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
