import { expect, test, type APIResponse } from "@playwright/test";
import { signInBrowser } from "./support/browser";
import { integrationBodyOf, type IntegrationJson } from "./support/integrations";

/** Issue 12, defect 10: bad input answers 400/404 with a sentence, never a 500. */

async function expectSentence(response: APIResponse, status: number[]): Promise<void> {
  expect(status, `${response.url()} → ${response.status()}`).toContain(response.status());
  const body = (await response.json()) as { error: { message: string } };
  expect(body.error.message.length).toBeGreaterThan(10);
  expect(body.error.message).not.toMatch(/insert|select|where|\$\d/i);
}

test("order addresses that cannot be read", async ({ page }) => {
  await signInBrowser(page, "kitchen");
  await expectSentence(await page.request.get("/api/orders/%00abc"), [400]);
  await expectSentence(await page.request.get("/api/orders/%ff%fe"), [400]);
  await expectSentence(await page.request.post("/api/orders/%00abc/actions/confirm", { data: {} }), [400]);
});

test("manager queries out of range, ids out of range, NUL in text", async ({ page }) => {
  await signInBrowser(page, "manager");
  const get = (path: string) => page.request.get(path);
  await expectSentence(await page.request.patch("/api/staff/2147483648", { data: { disabled: true } }), [400]);
  for (const query of ["from=9999-12-31", "from=0001-01-01&to=9999-12-31", "q=%00"]) {
    await expectSentence(await get(`/api/manager/orders?${query}`), [400]);
    await expectSentence(await get(`/api/manager/orders/export?${query}`), [400]);
    expect((await get(`/manager/orders?${query}`)).status()).toBeLessThan(500);
  }
  await expectSentence(await get("/api/manager/reports?from=9999-12-01&to=9999-12-31"), [400]);
  expect((await get("/manager/reports?from=9999-12-01&to=9999-12-31")).status()).toBeLessThan(500);
  const stores = (await (await get("/api/manager/operations")).json()) as { stores: Array<{ id: string }> };
  const address = `/api/manager/stores/${stores.stores[0]!.id}/integration`;
  const { integration: view } = (await (await get(address)).json()) as { integration: IntegrationJson };
  const integration = await page.request.put(address, { data: { ...integrationBodyOf(view), name: "Loja\u0000" } });
  await expectSentence(integration, [400]);
  expect((await integration.json()).error.message).toMatch(/control characters/);
});

test("a NUL in the sign-in email is a failed sign-in, without SQL in the answer", async ({ request }) => {
  const { csrfToken } = (await (await request.get("/api/auth/csrf")).json()) as { csrfToken: string };
  const response = await request.post("/api/auth/callback/credentials", {
    form: { csrfToken, email: "a\u0000@demo.comanda", password: "whatever-long", json: "true" },
    maxRedirects: 0,
  });
  expect(response.status()).toBeLessThan(500);
  const text = `${response.headers()["location"] ?? ""} ${await response.text()}`;
  expect(text).not.toMatch(/select|insert|users|\$1/i);
});
