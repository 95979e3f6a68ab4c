import { expect, test, type Page } from "@playwright/test";
import { cardIn, createOrder, LIVE, openLiveBoard, showFinished } from "./support/board";
import { signInBrowser } from "./support/browser";
import {
  boardCardOf,
  cardParts,
  clearLiveOrders,
  allFullyShown,
  fullyShown,
  notesOf,
  placeRush,
  postAction,
  type Placed,
} from "./support/kitchen-rush";
import type { LoggedRequest } from "./support/sandbox-process";

/**
 * Issue 27, part 1: what a cook must never miss, tried as a cook would in a Friday rush at
 * 1024×768 (16 New, 6 In preparation, 4 Ready, placed through the sandbox's control API).
 */
test.skip(({ isMobile }) => isMobile, "the rush is a tablet's");

const NEW = "Novos";
const COOKING = "Em preparo";
const READY = "Prontos";

async function platformCalls(page: Page, orderId: string, action: string): Promise<LoggedRequest[]> {
  const log = (await (
    await page.request.get(`/sandbox/control/requests?orderId=${encodeURIComponent(orderId)}`)
  ).json()) as LoggedRequest[];
  return log.filter((entry) => entry.method === "POST" && entry.path.endsWith(`/orders/${orderId}/${action}`));
}

/** The rush: 16 New, 6 In preparation, 4 Ready; every order carries the notes of its cart. */
async function rush(page: Page): Promise<{ fresh: Placed[]; cooking: Placed[]; ready: Placed[] }> {
  await clearLiveOrders(page.request);
  const placed = await placeRush(page.request, 26);
  const cooking = placed.slice(0, 6);
  const ready = placed.slice(6, 10);
  const fresh = placed.slice(10);
  for (const order of [...cooking, ...ready]) {
    const card = await boardCardOf(page.request, order.displayId);
    await postAction(page.request, card.id, "confirm");
    if (ready.includes(order)) await postAction(page.request, card.id, "readyForPickup");
  }
  for (const order of cooking) await expect(cardIn(page, COOKING, order.displayId)).toBeVisible(LIVE);
  for (const order of ready) await expect(cardIn(page, READY, order.displayId)).toBeVisible(LIVE);
  await expect(page.getByRole("region", { name: NEW, exact: true }).getByRole("article")).toHaveCount(16, LIVE);
  return { fresh, cooking, ready };
}

/** How many of the lane's orders are not wholly painted on screen. */
async function notWhollyShown(page: Page, column: string, orders: readonly Placed[]): Promise<number> {
  let hidden = 0;
  for (const order of orders) if (!(await allFullyShown(cardParts(page, column, order.displayId)))) hidden += 1;
  return hidden;
}

/**
 * Tickets (or parts) the browser split across the rail's columns: a split item's box spans more
 * than one column. None may be: a part without its number would be on screen.
 */
async function splitByTheBrowser(page: Page): Promise<number> {
  return page
    .getByRole("region", { name: COOKING, exact: true })
    .locator("ol > li")
    .evaluateAll((items) => {
      const widths = items.map((item) => item.getBoundingClientRect().width).filter((width) => width > 0);
      const column = Math.min(...widths);
      return widths.filter((width) => width > column * 1.5).length;
    });
}

/** The lane's "+N" (0 when it says nothing). */
async function outOfViewCount(page: Page, column: string): Promise<number> {
  const button = page.getByRole("region", { name: column, exact: true }).locator("[data-out-of-view]");
  return (await button.count()) === 0 ? 0 : Number(await button.getAttribute("data-out-of-view"));
}

test("a rush: every note on its card, an allergy seen at the moment its confirm is sent, nothing cooking hidden without a count", async ({
  page,
}) => {
  test.setTimeout(300_000);
  await openLiveBoard(page);
  const { fresh, cooking, ready } = await rush(page);

  // 1. Every note, an item's too, on the New row and on the cooking ticket.
  for (const [column, orders] of [
    [NEW, fresh],
    [COOKING, cooking],
  ] as const) {
    for (const order of orders) {
      const parts = cardParts(page, column, order.displayId);
      for (const note of notesOf(order.cart)) await expect(parts.filter({ hasText: note })).toBeVisible();
    }
  }
  // Ready rows bump in one tap (a take-out is picked up, a delivery dispatched, a table served).
  for (const order of ready)
    await expect(
      cardIn(page, READY, order.displayId).getByRole("button", { name: /^(Retirado|Despachar|Entregue)$/ }),
    ).toBeVisible();
  // An item's intolerance raises the allergy sign on the row, as an order's allergy does.
  for (const order of fresh.filter((placed) => notesOf(placed.cart).some((note) => /intolerante|alergia/i.test(note))))
    await expect(cardIn(page, NEW, order.displayId).locator("[data-allergy]")).toBeVisible();

  // 3. No cooking order out of view without a count, now and with 14 cooking. Both read again
  // until the board has settled: the lane re-lays its tickets as confirms arrive.
  await expect(async () =>
    expect(await outOfViewCount(page, COOKING)).toBe(await notWhollyShown(page, COOKING, cooking)),
  ).toPass(LIVE);
  const more = fresh.slice(0, 8);
  for (const order of more)
    await postAction(page.request, (await boardCardOf(page.request, order.displayId)).id, "confirm");
  for (const order of more) await expect(cardIn(page, COOKING, order.displayId)).toBeVisible(LIVE);
  const allCooking = [...cooking, ...more];
  await expect(async () =>
    expect(await outOfViewCount(page, COOKING)).toBe(await notWhollyShown(page, COOKING, allCooking)),
  ).toPass(LIVE);
  const hidden = await notWhollyShown(page, COOKING, allCooking);
  if (hidden > 0) {
    const [firstHidden] = await Promise.all(
      allCooking.map(async (order) => ((await fullyShown(cardIn(page, COOKING, order.displayId))) ? null : order)),
    ).then((orders) => orders.filter(Boolean));
    await page
      .getByRole("button", { name: /fora da vista — mostrar/ })
      .first()
      .tap();
    await expect.poll(() => fullyShown(cardIn(page, COOKING, firstHidden!.displayId))).toBe(true);
  }
  // Every part of every ticket carries its number, and the browser split none of them.
  const parts = page.getByRole("region", { name: COOKING, exact: true }).getByRole("article");
  for (const part of await parts.all()) await expect(part.locator("[data-order-number]")).toBeVisible();
  expect(await splitByTheBrowser(page)).toBe(0);

  // 2. An allergy order's confirm shows the allergy, there when the confirm is sent.
  const allergic = fresh
    .slice(8)
    .find((order) => notesOf(order.cart).some((note) => /alergia|intolerante/i.test(note)))!;
  const allergyNote = notesOf(allergic.cart).find((note) => /alergia|intolerante/i.test(note))!;
  const row = cardIn(page, NEW, allergic.displayId);
  await row.getByRole("button", { name: /^Confirmar · \d+ min$/ }).tap();
  const step = page.getByRole("dialog", { name: `Alergia — pedido ${allergic.displayId}` });
  await expect(step).toBeVisible();
  let seenWhenSent: boolean | null = null;
  await page.route("**/actions/confirm", async (route) => {
    seenWhenSent = await step.filter({ hasText: allergyNote }).isVisible();
    await route.continue();
  });
  await step.getByRole("button", { name: /^Confirmar · \d+ min$/ }).tap();
  await expect(cardIn(page, COOKING, allergic.displayId)).toBeVisible(LIVE);
  expect(seenWhenSent).toBe(true);
  await page.unroute("**/actions/confirm");
  expect(await platformCalls(page, allergic.id, "confirm")).toHaveLength(1);
  // The cooking ticket's first view says it too, at its head.
  await expect(cardIn(page, COOKING, allergic.displayId).locator("[data-allergy]")).toBeVisible();

  await clearLiveOrders(page.request);
});

test("one tap bumps a cooking ticket to Ready and the recall restores it; Ready bumps too, and a finished order reopens", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await openLiveBoard(page);
  await clearLiveOrders(page.request);
  const { id, displayId } = await createOrder(page.request, "TAKEOUT");
  const card = await boardCardOf(page.request, displayId);
  await postAction(page.request, card.id, "confirm");
  const ticket = cardParts(page, COOKING, displayId);
  await expect(ticket.first()).toBeVisible(LIVE);

  await ticket.getByRole("button", { name: "Pronto", exact: true }).tap();
  await expect(cardIn(page, READY, displayId)).toBeVisible(LIVE);
  await expect
    .poll(async () => (await platformCalls(page, id, "readyForPickup")).map((call) => call.status))
    .toEqual([202]);

  // Undo (10 s): back in preparation, saying the platform still has it Ready.
  await page.getByRole("button", { name: `Desfazer pedido ${displayId}` }).tap();
  await expect(cardIn(page, COOKING, displayId)).toBeVisible(LIVE);
  await expect(cardIn(page, COOKING, displayId).locator("[data-recalled]")).toContainText("Prontos");
  // A reload keeps it: the recall is the board's, not this tab's.
  await page.reload();
  await page.getByRole("button", { name: "Iniciar turno" }).tap();
  await expect(cardIn(page, COOKING, displayId)).toBeVisible(LIVE);

  // Bumped again: the platform answers "already" (422), and it is Ready.
  await cardParts(page, COOKING, displayId).getByRole("button", { name: "Pronto", exact: true }).tap();
  await expect(cardIn(page, READY, displayId)).toBeVisible(LIVE);
  expect((await platformCalls(page, id, "readyForPickup")).map((call) => call.status)).toEqual([202, 422]);

  // Ready bumps in one tap too (a take-out is picked up), then the finished list reopens it.
  await cardIn(page, READY, displayId).getByRole("button", { name: "Retirado", exact: true }).tap();
  await expect(cardIn(page, READY, displayId)).toHaveCount(0, LIVE);
  expect(await platformCalls(page, id, "pickedUp")).toHaveLength(1);
  await showFinished(page);
  // The one just finished heads the sheet, however many the shift finished before it.
  await expect(page.getByRole("region", { name: "Concluídos" }).getByRole("article").first()).toHaveAccessibleName(
    `Pedido ${displayId}`,
  );
  await page.getByRole("button", { name: `Reabrir pedido ${displayId}` }).tap();
  await expect(cardIn(page, READY, displayId)).toBeVisible(LIVE);
});

test("a ticket too long for a column continues with its number", async ({ page }) => {
  test.setTimeout(120_000);
  await openLiveBoard(page);
  await clearLiveOrders(page.request);
  const items = Array.from({ length: 12 }, (_, index) => ({
    code: "PZ-GRANDE",
    options: [{ code: "SAB-CALABRESA" }, { code: "SAB-MUSSARELA" }, { code: "MASSA-TRADICIONAL" }],
    specialInstructions: index % 3 === 0 ? `sem cebola na pizza ${index + 1}, por favor, e bem assada` : undefined,
  }));
  const { displayId } = await createOrder(page.request, "DELIVERY", "INSTANT", {
    items,
    extraInfo: "Cliente celíaco: SEM GLÚTEN em tudo",
  });
  const card = await boardCardOf(page.request, displayId);
  await postAction(page.request, card.id, "confirm");
  const parts = cardParts(page, COOKING, displayId);
  await expect(parts.first()).toBeVisible(LIVE);
  expect(await parts.count()).toBeGreaterThan(1);
  for (const part of await parts.all()) {
    await expect(part.locator("[data-order-number]")).toHaveText(displayId);
  }
  expect(await splitByTheBrowser(page)).toBe(0);
  await expect(parts.nth(1).locator("[data-continued]")).toBeVisible();
  await expect(parts.first().locator("[data-continues]")).toBeVisible();
  await expect(parts.first().locator("[data-allergy]")).toBeVisible();
  await clearLiveOrders(page.request);
});

test("the store's controls say what the platform has not taken, and what auto-accept does", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await openLiveBoard(page);
  await clearLiveOrders(page.request);
  const merchants = (await (await page.request.get("/sandbox/control/merchants")).json()) as Array<{
    merchantId: string;
  }>;
  const storeId = merchants[0]!.merchantId;
  const merchantUrl = `/api/merchant/${encodeURIComponent(storeId)}`;
  const controls = page.locator(`[data-testid="store-pause"][data-store="${storeId}"]`);

  // Busy mode while the store's endpoint is not registered: said plainly, not "+10 min" as if it worked.
  const busy = await page.request.post(merchantUrl, { data: { action: "busy", minutes: 10 } });
  expect(busy.ok(), await busy.text()).toBe(true);
  const state = (await busy.json()) as { state: { onboardedAt: string | null } };
  try {
    if (state.state.onboardedAt === null)
      await expect(controls.getByTestId("busy-not-sent")).toContainText("não chega à plataforma", LIVE);
    else await expect(controls.getByText("movimento alto: +10 min")).toBeVisible(LIVE);
  } finally {
    await page.request.post(merchantUrl, { data: { action: "busy", minutes: 0 } });
  }

  // Auto-accept: on, how many it took; at its cap, "limite atingido — confirme manualmente".
  const manager = await browser.newContext({ baseURL });
  const managerPage = await manager.newPage();
  await signInBrowser(managerPage, "manager");
  const autoAccept = (cap: number, enabled: boolean) =>
    managerPage.request.post(merchantUrl, {
      data: {
        action: "autoAccept",
        settings: { types: ["DELIVERY", "TAKEOUT", "INDOOR"], hours: null, cap, preparationMinutes: 20, enabled },
      },
    });
  // In New's title line, where it acts.
  const status = page.locator(`[data-testid="auto-accept-status"][data-store="${storeId}"]`);
  try {
    expect((await autoAccept(1, true)).ok()).toBe(true);
    await expect(status).toHaveAttribute("data-state", "on", LIVE);
    const { displayId } = await createOrder(page.request, "TAKEOUT");
    await expect(cardIn(page, COOKING, displayId)).toBeVisible(LIVE);
    await expect(status).toHaveAttribute("data-state", "capReached", LIVE);
    await expect(status).toHaveText(/limite atingido — confirme manualmente/);
    // The next one waits for a person, and rings like any other.
    const { displayId: waiting } = await createOrder(page.request, "TAKEOUT");
    await expect(cardIn(page, NEW, waiting)).toBeVisible(LIVE);
  } finally {
    await autoAccept(1, false);
    await manager.close();
  }
  await expect(status).toHaveAttribute("data-state", "off", LIVE);
  await clearLiveOrders(page.request);
});
