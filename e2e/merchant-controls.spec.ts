import { expect, test, type Page } from "@playwright/test";
import { signInBrowser } from "./support/browser";
import { cardIn, createOrder, openLiveBoard } from "./support/board";

/** Merchant controls on the board at 1024×768: pause with a countdown, sold out and restock, auto-accept. */

test.skip(({ isMobile }) => isMobile, "the board's store controls run on the tablet");

const LIVE = { timeout: 20_000 };

async function firstStoreId(page: Page): Promise<string> {
  const merchants = (await (await page.request.get("/sandbox/control/merchants")).json()) as Array<{
    merchantId: string;
  }>;
  return merchants[0]?.merchantId ?? "";
}

/** A manager's call on the merchant route, from a manager's own browser session. */
async function asManager(page: Page, storeId: string, body: unknown): Promise<void> {
  const context = await page
    .context()
    .browser()!
    .newContext({ baseURL: new URL(page.url()).origin });
  const manager = await context.newPage();
  await signInBrowser(manager, "manager");
  const answer = await manager.request.post(`/api/merchant/${storeId}`, { data: body });
  expect(answer.status(), await answer.text()).toBe(200);
  await context.close();
}

test("a cook pauses the store for 15 minutes and sees the countdown, then reopens it", async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await openLiveBoard(page);
  const controls = page.getByTestId("store-pause").first();
  await controls.getByRole("button", { name: "Pausar pedidos" }).tap();
  await page.getByLabel("Motivo").fill("Forno quebrado");
  await page.getByRole("button", { name: "15 min" }).tap();
  await expect(page.getByTestId("store-paused")).toContainText(/Pausada · faltam 1[45]:\d\d · Forno quebrado/, LIVE);
  const merchant = await firstStoreId(page);
  const belief = (await (await page.request.get(`/sandbox/control/merchants/${merchant}/state`)).json()) as {
    status: string;
  };
  expect(belief.status).toBe("UNAVAILABLE");
  await page.getByRole("button", { name: "Reabrir" }).tap();
  await expect(controls.getByRole("status").filter({ hasText: "Recebendo pedidos" })).toBeVisible(LIVE);
});

test("a cook marks an item sold out from the menu list and restocks it", async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await openLiveBoard(page);
  const storeId = await firstStoreId(page);
  await asManager(page, storeId, { action: "importMenu" });
  await page.reload();
  await page.getByRole("dialog", { name: "Começar o turno" }).getByRole("button", { name: "Iniciar turno" }).tap();
  await page.getByRole("button", { name: /Esgotados \(0\)/ }).tap();
  const panel = page.getByTestId("sold-out-panel");
  await panel.getByLabel("Buscar no cardápio").fill("a");
  const first = panel.getByRole("button", { name: /: esgotado$/ }).first();
  const name = ((await first.textContent()) ?? "").replace(/: esgotado$/, "");
  await first.tap();
  await expect(panel.getByRole("listitem").filter({ hasText: name })).toBeVisible(LIVE);
  await expect(page.getByRole("button", { name: /Esgotados \(1\)/ })).toBeVisible();
  await panel.getByRole("listitem").filter({ hasText: name }).getByRole("button", { name: "Repor" }).tap();
  await expect(page.getByRole("button", { name: /Esgotados \(0\)/ })).toBeVisible(LIVE);
});

test("auto-accept on: a new order goes straight to In preparation", async ({ page, request }) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await openLiveBoard(page);
  const storeId = await firstStoreId(page);
  const settings = { types: ["DELIVERY", "TAKEOUT", "INDOOR"], hours: null, cap: 50, preparationMinutes: 20 };
  await asManager(page, storeId, { action: "autoAccept", settings: { ...settings, enabled: true } });
  try {
    const { displayId } = await createOrder(request, "TAKEOUT");
    await expect(cardIn(page, "Em preparo", displayId)).toBeVisible(LIVE);
  } finally {
    await asManager(page, storeId, { action: "autoAccept", settings: { ...settings, enabled: false } });
  }
});
