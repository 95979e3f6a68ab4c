import { expect, test } from "@playwright/test";
import { ACCOUNTS } from "./support/accounts";
import { signInBrowser } from "./support/browser";
import { createOrder, LIVE } from "./support/board";
import { signInCookie } from "./support/session";

/** Issue 12, defects 6 and 7: the headers every answer carries, the cross-site check, `next`. */

test("a page carries a nonce CSP without eval, and runs under it (sign-in, then the board)", async ({ page }) => {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  // The layout's one inline script of its own (it starts public/warm-intl.js) runs under the nonce too.
  const warmUp = page.waitForResponse((answer) => new URL(answer.url()).pathname === "/warm-intl.js");
  const response = await page.goto("/sign-in");
  expect((await warmUp).ok()).toBe(true);
  const headers = response!.headers();
  const csp = headers["content-security-policy"]!;
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  expect(nonce).toBeTruthy();
  expect(csp).not.toContain("unsafe-eval");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(headers["x-frame-options"]).toBe("DENY");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["strict-transport-security"]).toBeUndefined();
  // Next.js's inline scripts carry the nonce, so the form hydrates and signs in.
  const html = await response!.text();
  expect(html).toContain(`nonce="${nonce}"`);
  await page.getByLabel("E-mail").fill(ACCOUNTS.kitchen.email);
  await page.getByLabel("Senha").fill(ACCOUNTS.kitchen.password);
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page).toHaveURL(/\/board$/);
  expect(violations).toEqual([]);
});

test("an API answer carries the headers; HSTS only when the request came over HTTPS", async ({ request }) => {
  const plain = await request.get("/api/health");
  expect(plain.headers()["x-content-type-options"]).toBe("nosniff");
  expect(plain.headers()["x-frame-options"]).toBe("DENY");
  expect(plain.headers()["strict-transport-security"]).toBeUndefined();
  const secure = await request.get("/api/health", { headers: { "x-forwarded-proto": "https" } });
  expect(secure.headers()["strict-transport-security"]).toMatch(/max-age=\d+/);
});

test("a cross-site text/plain POST is refused with 403 and a sentence, even signed in", async ({ page }) => {
  await signInBrowser(page, "manager");
  const before = await (await page.request.get("/api/staff")).json();
  const forged = await page.request.post("/api/staff", {
    headers: { "content-type": "text/plain", origin: "https://evil.example", "sec-fetch-site": "cross-site" },
    data: JSON.stringify({ name: "Intruder", storeId: "x", pin: "9999" }),
  });
  expect(forged.status()).toBe(403);
  expect((await forged.json()).error.message).toMatch(/another site/);
  expect(await (await page.request.get("/api/staff")).json()).toEqual(before);
  // Without Sec-Fetch-Site, a foreign Origin is refused too.
  const oldBrowser = await page.request.post("/api/staff", {
    headers: { "content-type": "text/plain", origin: "https://evil.example" },
    data: "{}",
  });
  expect(oldBrowser.status()).toBe(403);
});

test("?next= never leaves the site after sign-in (/%09/evil.example/)", async ({ page }) => {
  await page.goto("/sign-in?next=/%09/evil.example/");
  await page.getByLabel("E-mail").fill(ACCOUNTS.kitchen.email);
  await page.getByLabel("Senha").fill(ACCOUNTS.kitchen.password);
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/board$/);
  // Signed in, the same links redirect on the server: still on this site, never a 500.
  for (const next of ["/%0a/x", "//evil.example", "/%5C%5Cevil.example"]) {
    const response = await page.goto(`/sign-in?next=${next}`);
    expect(response!.status()).toBeLessThan(400);
    expect(new URL(page.url()).host).toBe(new URL(response!.url()).host);
    await expect(page).toHaveURL(/\/board$/);
  }
});

test("the API's JSON answers travel gzipped when the client takes gzip (Next.js leaves route handlers plain)", async ({
  baseURL,
  request,
}) => {
  const placed = await Promise.all([createOrder(request), createOrder(request), createOrder(request)]);
  const cookie = await signInCookie(baseURL!, "kitchen");
  const board = (acceptEncoding: string) =>
    fetch(`${baseURL}/api/orders`, { headers: { cookie, "accept-encoding": acceptEncoding } });
  await expect
    .poll(async () => {
      const { orders } = (await (await board("identity")).json()) as { orders: Array<{ id: string }> };
      return placed.every(({ id }) => orders.some((order) => order.id === id));
    }, LIVE)
    .toBe(true);
  const gzipped = await board("gzip, deflate, br");
  expect(gzipped.status).toBe(200);
  expect(gzipped.headers.get("content-encoding")).toBe("gzip");
  expect(gzipped.headers.get("vary")).toMatch(/accept-encoding/i);
  const plain = await board("identity");
  expect(plain.headers.get("content-encoding")).toBeNull();
  // fetch undoes the gzip: the same board either way.
  const ids = async (response: Response) =>
    ((await response.json()) as { orders: Array<{ id: string }> }).orders.map((order) => order.id).sort();
  expect(await ids(gzipped)).toEqual(await ids(plain));
});
