import { expect, test, type BrowserContext, type Page, type Response } from "@playwright/test";
import { signInBrowser } from "./support/browser";
import { asManager } from "./support/as-manager";
import { cardIn, createOrder, openDetails, openLiveBoard, startShift } from "./support/board";
import { confirmLeftovers, notesPlayed } from "./support/alerts";

/** Merchant controls on the board at 1024×768: pause with a countdown, sold out and restock, auto-accept. */

test.skip(({ isMobile }) => isMobile, "the board's store controls run on the tablet");

const LIVE = { timeout: 20_000 };

/**
 * Auto-accept for every type, all day. The cap counts orders in preparation, and earlier specs
 * leave many cooking (a rush alone ~30, plus the leftovers confirmed first): the highest cap
 * leaves the test's order room.
 */
const AUTO_ACCEPT = { types: ["DELIVERY", "TAKEOUT", "INDOOR"], hours: null, cap: 100, preparationMinutes: 20 };

async function firstStoreId(page: Page): Promise<string> {
  const merchants = (await (await page.request.get("/sandbox/control/merchants")).json()) as Array<{
    merchantId: string;
  }>;
  return merchants[0]?.merchantId ?? "";
}

type SoldOut = { kind: "item" | "option"; refId: number; name: string };

/** What the store's merchant state says is sold out (the board's own route, the cook's session). */
async function soldOutNow(page: Page, storeId: string): Promise<SoldOut[]> {
  const state = (await (await page.request.get(`/api/merchant/${storeId}`)).json()) as { soldOut: SoldOut[] };
  return state.soldOut;
}

/** Puts back whatever a test sold out, so the next test starts from "nothing sold out". */
async function restockAll(page: Page, storeId: string): Promise<void> {
  const refs = (await soldOutNow(page, storeId)).map(({ kind, refId }) => ({ kind, refId }));
  if (refs.length === 0) return;
  const answer = await page.request.post(`/api/merchant/${storeId}`, { data: { action: "restock", refs } });
  expect(answer.status(), await answer.text()).toBe(200);
}

/** The board with the store's menu imported (a manager does it in Integrations). */
async function boardWithMenu(page: Page): Promise<string> {
  await page.setViewportSize({ width: 1024, height: 768 });
  await openLiveBoard(page);
  const storeId = await firstStoreId(page);
  await asManager(page, storeId, { action: "importMenu" });
  await restockAll(page, storeId);
  await page.reload();
  await startShift(page);
  return storeId;
}

/**
 * A new order with an item the imported menu lists (not every line is: pizza sizes are not on it),
 * open in its details; `name` is that item's.
 */
async function orderWithMenuItem(page: Page, request: Parameters<typeof createOrder>[0], storeId: string) {
  const state = (await (await page.request.get(`/api/merchant/${storeId}`)).json()) as {
    menu: Array<{ kind: string; name: string }>;
  };
  const onMenu = new Set(state.menu.filter((entry) => entry.kind === "item").map((entry) => entry.name));
  for (let tries = 0; tries < 10; tries++) {
    const order = await createOrder(request, "TAKEOUT");
    const { order: placed } = (await (await request.get(`/sandbox/control/orders/${order.id}`)).json()) as {
      order: { items: Array<{ name: string }> };
    };
    const name = placed.items.map((item) => item.name).find((itemName) => onMenu.has(itemName));
    if (!name) continue;
    await expect(cardIn(page, "Novos", order.displayId)).toBeVisible(LIVE);
    const dialog = await openDetails(page, order.displayId);
    return { order, dialog, name, offer: dialog.getByRole("button", { name: `Esgotado: ${name}`, exact: true }) };
  }
  throw new Error("no order with an item on the imported menu in 10 tries");
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
  const settings = AUTO_ACCEPT;
  await asManager(page, storeId, { action: "autoAccept", settings: { ...settings, enabled: true } });
  try {
    const { displayId } = await createOrder(request, "TAKEOUT");
    await expect(cardIn(page, "Em preparo", displayId)).toBeVisible(LIVE);
  } finally {
    await asManager(page, storeId, { action: "autoAccept", settings: { ...settings, enabled: false } });
  }
});

test("a cook marks an order's item out of stock from its details: the list and the merchant endpoint agree", async ({
  page,
  request,
}) => {
  const storeId = await boardWithMenu(page);
  try {
    const { dialog, offer, name } = await orderWithMenuItem(page, request, storeId);
    await offer.tap();
    const choice = dialog.getByRole("group", { name: "O que acabou" });
    // The item itself is ticked; its options are offered unticked.
    await expect(choice.getByRole("checkbox", { name, exact: true })).toBeChecked();
    await choice.getByRole("button", { name: "Fim do dia" }).tap();
    await expect(dialog.getByRole("status").filter({ hasText: `Marcado como esgotado: ${name}` })).toBeVisible(LIVE);
    await page.keyboard.press("Escape");

    await page.getByRole("button", { name: /Esgotados \(1\)/ }).tap();
    await expect(page.getByTestId("sold-out-panel").getByRole("listitem").filter({ hasText: name })).toBeVisible();

    // The merchant endpoint (what the platform reads) shows the same offer UNAVAILABLE.
    const { apiKey } = await asManager(page, storeId, { action: "rotateKey" });
    const document = (await (
      await page.request.get(`/api/open-delivery/v1/merchant/${storeId}`, { headers: { "X-API-KEY": apiKey ?? "" } })
    ).json()) as {
      items: Array<{ id: string; name: string; externalCode: string }>;
      itemOffers: Array<{ itemId: string; status: string }>;
    };
    const item = document.items.find(
      (candidate) => candidate.name === name && candidate.externalCode.startsWith("item:"),
    );
    expect(item, `${name} in the merchant document`).toBeDefined();
    expect(document.itemOffers.find((o) => o.itemId === item?.id)?.status).toBe("UNAVAILABLE");
  } finally {
    await restockAll(page, storeId);
  }
});

test("cancelling for an unavailable item offers to mark the order's items sold out, ticked", async ({
  page,
  request,
}) => {
  const storeId = await boardWithMenu(page);
  try {
    const { dialog, name, order } = await orderWithMenuItem(page, request, storeId);
    await dialog.getByRole("button", { name: "Cancelar pedido" }).tap();
    // Another reason offers nothing of the sort.
    await dialog.getByLabel("Motivo").selectOption({ label: "Pedido duplicado" });
    await expect(dialog.getByRole("group", { name: "Marcar também como esgotado" })).toHaveCount(0);
    await dialog.getByLabel("Motivo").selectOption({ label: "Item indisponível" });
    const offerGroup = dialog.getByRole("group", { name: "Marcar também como esgotado" });
    await expect(offerGroup.getByRole("checkbox", { name, exact: true })).toBeChecked();
    await dialog.getByLabel("Explique").fill("Acabou");
    await dialog.getByRole("button", { name: "Continuar" }).tap();
    const sure = dialog.getByRole("group", { name: "Cancelar este pedido?" });
    // Every item of the order the menu lists is ticked: this one among them.
    await expect(sure).toContainText("Também marca como esgotado: ");
    await expect(sure).toContainText(name);
    await sure.getByRole("button", { name: "Sim, cancelar pedido" }).tap();

    await expect.poll(async () => (await soldOutNow(page, storeId)).map((s) => s.name), LIVE).toContain(name);
    // The platform was told which of the order's items are out: the standard's outOfStockItems.
    const { order: placed } = (await (await request.get(`/sandbox/control/orders/${order.id}`)).json()) as {
      order: { items: Array<{ id: string; name: string }> };
    };
    const sent = (await (
      await request.get(`/sandbox/control/requests?orderId=${encodeURIComponent(order.id)}&path=/requestCancellation`)
    ).json()) as Array<{ body: { code?: string; outOfStockItems?: string[] } }>;
    expect(sent.at(-1)?.body.code).toBe("UNAVAILABLE_ITEM");
    expect(sent.at(-1)?.body.outOfStockItems).toContain(placed.items.find((item) => item.name === name)?.id);
    await expect(dialog.getByText("Cancelados", { exact: true })).toBeVisible(LIVE);
  } finally {
    await restockAll(page, storeId);
  }
});

/** Print on confirm on, and window.print recorded (not opened), in every page of the context. */
async function printsOnConfirm(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    window.localStorage.setItem("comanda.autoPrint", "on");
    const printed: string[] = [];
    (window as unknown as { printed: string[] }).printed = printed;
    window.print = () => {
      printed.push(document.querySelector(".print-ticket article")?.getAttribute("aria-label") ?? "(nothing)");
    };
  });
}

const printedOn = async (tab: Page) => tab.evaluate(() => (window as unknown as { printed: string[] }).printed);

test("auto-accepted orders chime once (no alarm loop) and print once across two tabs and another tablet", async ({
  page,
  request,
  browser,
}) => {
  await printsOnConfirm(page.context());
  // The boards' timers (chime gaps, the alarm's loop) run on a clock the test moves (one per
  // browser context: this tablet's two tabs share one).
  await page.clock.install();
  await page.setViewportSize({ width: 1024, height: 768 });
  await openLiveBoard(page);
  // A second tab of the same tablet, and a second tablet (its own browser, also printing on confirm).
  const secondTab = await page.context().newPage();
  const otherDevice = await browser.newContext({ baseURL: new URL(page.url()).origin, hasTouch: true });
  await printsOnConfirm(otherDevice);
  await otherDevice.clock.install();
  // Each device's ask for the ticket (POST /api/orders/{id}/auto-print) and the server's answer.
  const claims: Array<{ orderId: string; print: boolean }> = [];
  const noteClaim = (response: Response) => {
    const claim = /^\/api\/orders\/([^/]+)\/auto-print$/.exec(new URL(response.url()).pathname);
    if (!claim || response.request().method() !== "POST") return;
    void response
      .json()
      .then((body: { print: boolean }) => claims.push({ orderId: decodeURIComponent(claim[1]!), print: body.print }))
      .catch(() => undefined);
  };
  page.context().on("response", noteClaim);
  otherDevice.on("response", noteClaim);
  const otherTablet = await otherDevice.newPage();
  await openLiveBoard(otherTablet);
  const boards = [page, secondTab, otherTablet];
  const storeId = await firstStoreId(page);
  // Earlier tests' orders left in New would ring (and be auto-accepted too): confirmed first.
  await confirmLeftovers(page);
  const settings = AUTO_ACCEPT;
  await asManager(page, storeId, { action: "autoAccept", settings: { ...settings, enabled: true } });
  // Every board knows the store auto-accepts before the order comes (they re-read every 10 s).
  await Promise.all([page.reload(), secondTab.goto("/board"), otherTablet.reload()]);
  await Promise.all(boards.map((board) => startShift(board)));
  try {
    // Sampled all along: the new-order alarm never starts for it.
    const wanted: Array<string | null> = [];
    const sampler = setInterval(() => {
      void page
        .evaluate(() => window.__comandaAudio?.wanted ?? null)
        .then((value) => wanted.push(value))
        .catch(() => undefined);
    }, 250);
    // The Start shift sound check has played: counted before the order comes.
    await expect.poll(() => notesPlayed(page), LIVE).toBeGreaterThan(0);
    const before = await notesPlayed(page);
    const { id, displayId } = await createOrder(request, "TAKEOUT");
    for (const board of boards) await expect(cardIn(board, "Em preparo", displayId)).toBeVisible(LIVE);
    const all = async () => (await Promise.all(boards.map(printedOn))).flat();
    // One chime: the doorbell's two notes, once, and nothing after.
    await expect.poll(() => notesPlayed(page), LIVE).toBe(before + 2);
    await expect.poll(async () => (await all()).length, LIVE).toBeGreaterThan(0);
    // Each device asked the server once (its two tabs agree first) and was answered: one prints.
    const answers = () => claims.filter((claim) => claim.orderId === id).map((claim) => claim.print);
    await expect.poll(() => answers().sort(), LIVE).toEqual([false, true]);
    // Then the boards' clocks run on past a second chime's gap and an alarm loop's period.
    await page.clock.runFor(5_000);
    await otherDevice.clock.runFor(5_000);
    clearInterval(sampler);
    expect(await notesPlayed(page)).toBe(before + 2);
    expect(wanted).not.toContain("new");
    expect(await all()).toEqual([`Comanda do pedido ${displayId}`]);
  } finally {
    await asManager(page, storeId, { action: "autoAccept", settings: { ...settings, enabled: false } });
    await otherDevice.close();
  }
});

test("a manager pauses the store from Operations, with its countdown, and reopens it", async ({ page }) => {
  await signInBrowser(page, "manager");
  const merchants = (await (await page.request.get("/sandbox/control/merchants")).json()) as Array<{
    merchantId: string;
  }>;
  const storeId = merchants[0]!.merchantId;
  await page.goto("/manager/operations");
  const controls = page.locator(`[data-testid="store-pause"][data-store="${storeId}"]`);
  await controls.getByRole("button", { name: "Pausar pedidos" }).click();
  await controls.getByLabel("Motivo").fill("Falta de gás");
  await controls.getByRole("button", { name: "30 min" }).click();
  await expect(controls.getByTestId("store-paused")).toContainText(
    /Pausada · faltam (30:00|29:\d\d) · Falta de gás/,
    LIVE,
  );
  const belief = (await (await page.request.get(`/sandbox/control/merchants/${storeId}/state`)).json()) as {
    status: string;
  };
  expect(belief.status).toBe("UNAVAILABLE");
  await controls.getByRole("button", { name: "Reabrir" }).click();
  await expect(controls.getByRole("status").filter({ hasText: "Recebendo pedidos" })).toBeVisible(LIVE);
});
