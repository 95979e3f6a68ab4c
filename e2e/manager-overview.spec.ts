import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { signInBrowser } from "./support/browser";

/**
 * The chain overview (the back office's home): every store of the manager with its orders now,
 * late ones and today's figures, whether each is paused, updated from the stream without a reload.
 */

test.skip(({ isMobile }) => isMobile, "sizes are set per test below");

async function merchants(request: APIRequestContext): Promise<Array<{ merchantId: string; name: string }>> {
  return (await (await request.get("/sandbox/control/merchants")).json()) as Array<{
    merchantId: string;
    name: string;
  }>;
}

async function placeOrder(request: APIRequestContext, merchantId: string): Promise<string> {
  const created = await request.post("/sandbox/control/orders", {
    data: { merchantId, type: "DELIVERY", orderTiming: "INSTANT" },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { orderId: string }).orderId;
}

const storeCard = (page: Page, name: string) => page.getByRole("region", { name, exact: true });
async function newCount(page: Page, name: string): Promise<number> {
  const text = await storeCard(page, name).locator("dl").first().locator("div").first().locator("dd").textContent();
  return Number(text);
}

for (const size of [
  { label: "1366×900", viewport: { width: 1366, height: 900 } },
  { label: "phone", viewport: { width: 390, height: 844 } },
]) {
  test(`overview at ${size.label}: both stores, a late order, live counts, one tap into history`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(size.viewport);
    await signInBrowser(page, "manager");
    const [first, second] = await merchants(page.request);
    const lateOrder = await placeOrder(page.request, first!.merchantId);
    await expect
      .poll(async () => (await page.request.get(`/api/orders/${lateOrder}`)).status(), { timeout: 30_000 })
      .toBe(200);

    // The second store paused from its merchant controls (reopened at the end).
    const paused = await page.request.post(`/api/merchant/${second!.merchantId}`, {
      data: { action: "pause", minutes: 60, reason: "Teste da visão geral" },
    });
    expect(paused.status(), await paused.text()).toBeLessThan(300);

    // The browser's clock an hour ahead: the order just placed is past its confirm deadline.
    await page.clock.install({ time: new Date(Date.now() + 60 * 60_000) });
    await page.goto("/manager");
    await expect(page.getByRole("heading", { name: "Visão geral", level: 1 })).toBeVisible();
    await expect(storeCard(page, first!.name)).toBeVisible();
    await expect(storeCard(page, second!.name)).toBeVisible();
    await expect(storeCard(page, first!.name).getByText(/\d+ pedidos? atrasados?/)).toBeVisible();
    await expect(storeCard(page, first!.name).getByText("Conectada")).toBeVisible({ timeout: 20_000 });
    await expect(storeCard(page, first!.name).getByText(/Último contato com a plataforma há \d+ s/)).toBeVisible();
    // Its channels (issue 28), each with its platform and state.
    await expect(
      storeCard(page, first!.name).getByRole("list", { name: "Canais" }).getByText("Ativo").first(),
    ).toBeVisible();
    await expect(storeCard(page, first!.name).getByText("Pedidos hoje")).toBeVisible();
    await expect(storeCard(page, second!.name).getByText("Pausada", { exact: true })).toBeVisible();
    await expect(storeCard(page, first!.name).getByText("Pausada", { exact: true })).toHaveCount(0);

    // A new order in the second store reaches its card from the stream (no reload).
    const before = await newCount(page, second!.name);
    await placeOrder(page.request, second!.merchantId);
    await expect.poll(() => newCount(page, second!.name), { timeout: 30_000 }).toBe(before + 1);

    await storeCard(page, second!.name).getByRole("link", { name: "Ver pedidos" }).click();
    await page.waitForURL(new RegExp(`/manager/orders\\?store=${second!.merchantId}`));
    const resumed = await page.request.post(`/api/merchant/${second!.merchantId}`, { data: { action: "resume" } });
    expect(resumed.status(), await resumed.text()).toBeLessThan(300);
  });
}
