import { expect, test as base, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { cardIn, chooseLanguage, LIVE, openDetails, openLiveBoard, showFinished } from "./support/board";
import { signInBrowser } from "./support/browser";
import { demoRestaurant, PLATFORMS, requests } from "./support/channels";
import { testOnOwnServer } from "./support/comanda-server";

/**
 * Issue 29, Open Delivery 2.0 on the board (acceptance): a 2.0 order's whole life (confirm,
 * preparing, ready, dispatch with the courier's code, delivered), the platform's status read back
 * through the sandbox after each step; the platform changing a status with no event and the card
 * following within one reconciliation period; a platform that does not answer leaving the card
 * where it is, marked "Status não confirmado", until it answers; the platform courier's facts on
 * the card and the timeline, never moving it. On a Comanda server of its own whose second platform
 * speaks 2.0 (the shared browser-test server keeps both on 1.7), reconciling every 2 s.
 */

base.skip(({ isMobile }) => isMobile, "on the kitchen tablet");

const RECONCILE_SECONDS = 2;
/** One reconciliation period, with the poll before it and the stream after it. */
const ONE_PERIOD = { timeout: (RECONCILE_SECONDS + 8) * 1000 };
/** The 2.0 platform (the embedded sandbox's second). */
const V2 = PLATFORMS[1];

/** The server of these tests: its second platform speaks 2.0, reconciling every RECONCILE_SECONDS. */
const test = testOnOwnServer("od2-board", {
  SANDBOX_OPEN_DELIVERY: "1.7,2.0",
  RECONCILE_INTERVAL_SECONDS: String(RECONCILE_SECONDS),
});

test.afterAll(async ({ comanda }) => comanda.stop());

/** The board, once the new server has seeded the demo accounts (they come with the sandbox's stores). */
async function openBoard(page: Page): Promise<void> {
  await expect(() => signInBrowser(page, "kitchen")).toPass({ timeout: 60_000, intervals: [500] });
  await openLiveBoard(page);
}

/**
 * A delivery on the 2.0 platform for the demo kitchen's restaurant, carried by the platform's
 * courier (so it has a pickup code and courier facts), with a fixed shape (no random note asking
 * about an allergy before the confirm).
 */
async function placeV2Order(request: APIRequestContext) {
  const merchantId = (await demoRestaurant(request)).merchants[1];
  const created = await request.post(`${V2}/control/orders`, {
    data: {
      merchantId,
      type: "DELIVERY",
      orderTiming: "INSTANT",
      deliveredBy: "MARKETPLACE",
      extraInfo: null,
      items: [{ code: "PZ-GRANDE", options: [{ code: "SAB-CALABRESA" }, { code: "MASSA-TRADICIONAL" }] }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { orderId } = (await created.json()) as { orderId: string };
  const order = (await (await request.get(`${V2}/control/orders/${orderId}/v2`)).json()) as {
    displayId: string;
    status: string;
    fulfillment: { delivery: { pickupCode: string } };
  };
  expect(order.status).toBe("CREATED");
  return { id: orderId, displayId: order.displayId, pickupCode: order.fulfillment.delivery.pickupCode };
}

/** The order's status as the 2.0 platform holds it (its GET /orders/{id}, through the control API). */
async function expectPlatformStatus(request: APIRequestContext, orderId: string, status: string): Promise<void> {
  await expect
    .poll(
      async () =>
        ((await (await request.get(`${V2}/control/orders/${orderId}/v2`)).json()) as { status: string }).status,
      {
        message: `the platform's status of ${orderId}`,
        timeout: 10_000,
      },
    )
    .toBe(status);
}

/** A fact of the platform's courier (sandbox: POST /control/orders/{id}/courier), as the logistics event. */
async function courierFact(request: APIRequestContext, orderId: string, fact: "ASSIGNED" | "AT_STORE" | "AT_CUSTOMER") {
  const answer = await request.post(`${V2}/control/orders/${orderId}/courier`, { data: { fact } });
  expect(answer.status(), await answer.text()).toBe(202);
}

/** The card's courier line. */
const courierLine = (card: Locator) => card.locator("[data-courier-fact]");

async function confirmOnCard(page: Page, displayId: string): Promise<void> {
  const card = cardIn(page, "Novos", displayId);
  await expect(card).toBeVisible(LIVE);
  // Tapped once it has landed (the arrival slide), as board.spec.ts does.
  await card.evaluate((element) => Promise.all(element.getAnimations({ subtree: true }).map((a) => a.finished)));
  await card.getByRole("button", { name: "Confirmar" }).tap();
  await expect(cardIn(page, "Em preparo", displayId)).toBeVisible(LIVE);
}

/** The board open, and a 2.0 order on it confirmed from its card (the platform says CONFIRMED). */
async function confirmedOnBoard(page: Page, request: APIRequestContext) {
  await openBoard(page);
  const order = await placeV2Order(request);
  await confirmOnCard(page, order.displayId);
  await expectPlatformStatus(request, order.id, "CONFIRMED");
  return order;
}

test("a 2.0 order's whole life on the board, the platform's status after each step, the courier's facts on the card", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await openBoard(page);
  const { id, displayId, pickupCode } = await placeV2Order(request);
  expect(pickupCode).toMatch(/^\d+$/);

  // Read in 2.0: the platform served the order on its /v2 route.
  await expect(cardIn(page, "Novos", displayId)).toBeVisible(LIVE);
  const reads = await requests(request, V2, `orderId=${id}`);
  expect(reads.some((entry) => entry.method === "GET" && entry.path.endsWith(`/v2/orders/${id}`))).toBe(true);

  await confirmOnCard(page, displayId);
  await expectPlatformStatus(request, id, "CONFIRMED");

  const dialog = await openDetails(page, displayId);
  await dialog.getByRole("button", { name: "Avisar: em preparo" }).tap();
  await expectPlatformStatus(request, id, "PREPARING");
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);

  // The courier is assigned: said on the card, which stays in preparation; the status too.
  await courierFact(request, id, "ASSIGNED");
  const cooking = cardIn(page, "Em preparo", displayId);
  await expect(courierLine(cooking)).toHaveText("🛵 Entregador a caminho da loja: Rafael Entregas", LIVE);
  await expectPlatformStatus(request, id, "PREPARING");

  const details = await openDetails(page, displayId);
  await details.getByRole("button", { name: "Pronto", exact: true }).tap();
  await expect(cardIn(page, "Prontos", displayId)).toBeAttached(LIVE);
  await expectPlatformStatus(request, id, "READY");

  // At the store: the card says so in Ready, the timeline too; nothing moves.
  await courierFact(request, id, "AT_STORE");
  await expect(details.getByRole("region", { name: "Histórico" })).toContainText("Entregador chegou na loja", LIVE);
  await page.keyboard.press("Escape");
  await expect(details).toHaveCount(0);
  const ready = cardIn(page, "Prontos", displayId);
  await expect(courierLine(ready)).toHaveText("🛵 Entregador chegou na loja: Rafael Entregas", LIVE);
  await expectPlatformStatus(request, id, "READY");

  // Dispatch with the courier's code (as pickup-code.spec.ts for 1.x): a wrong one refused in a
  // sentence and nothing dispatched, then the right one.
  await expect(ready.locator("[data-pickup-code]")).toHaveText(`Coleta ${pickupCode}`);
  await ready.getByRole("button", { name: "Despachar" }).tap();
  const codeDialog = page.getByRole("dialog", { name: "Código do entregador" });
  const field = codeDialog.getByRole("textbox", { name: "Código que o entregador diz" });
  await field.fill(pickupCode === "0000" ? "0001" : "0000");
  await codeDialog.getByRole("button", { name: "Conferir e despachar" }).tap();
  await expect(codeDialog.getByRole("alert")).toHaveText(
    "Esse não é o código deste pedido. Nada foi despachado: peça o código ao entregador de novo.",
    LIVE,
  );
  const afterWrong = await requests(request, V2, `orderId=${id}`);
  expect(afterWrong.filter((entry) => entry.path.endsWith("/dispatch"))).toEqual([]);
  expect(afterWrong.some((entry) => entry.path.endsWith("/validateCode"))).toBe(true);
  await expectPlatformStatus(request, id, "READY");
  await field.fill(pickupCode);
  await field.press("Enter");
  await expect(cardIn(page, "A caminho", displayId)).toBeVisible(LIVE);
  await expectPlatformStatus(request, id, "IN_DELIVERY");

  // At the customer: the card says so, in pt-BR and in English, and stays on the way.
  await courierFact(request, id, "AT_CUSTOMER");
  const onTheWay = cardIn(page, "A caminho", displayId);
  await expect(courierLine(onTheWay)).toHaveText("🛵 Entregador chegou no cliente: Rafael Entregas", LIVE);
  await chooseLanguage(page, "English");
  await expect(courierLine(page.getByRole("article", { name: `Order ${displayId}`, exact: true }))).toHaveText(
    "🛵 Courier at the customer: Rafael Entregas",
  );
  await chooseLanguage(page, "Português");
  await expect(courierLine(onTheWay)).toBeVisible();
  await expectPlatformStatus(request, id, "IN_DELIVERY");

  const last = await openDetails(page, displayId);
  await last.getByRole("button", { name: "Entregue", exact: true }).tap();
  await expect(last.getByText("Nenhuma ação possível agora.")).toBeVisible(LIVE);
  await expectPlatformStatus(request, id, "DELIVERED");
  await page.keyboard.press("Escape");
  await showFinished(page);
  const done = cardIn(page, "Concluídos", displayId);
  await expect(done).toBeVisible(LIVE);
  // A finished order has no courier line left.
  await expect(courierLine(done)).toHaveCount(0);
});

test("the platform changes a status with no event: the card follows within one reconciliation period", async ({
  page,
  request,
}) => {
  const { id, displayId } = await confirmedOnBoard(page, request);
  const eventCount = async () =>
    ((await (await request.get(`${V2}/control/orders/${id}`)).json()) as { events: unknown[] }).events.length;
  const before = await eventCount();

  // No event: only GET /v2/orders/{id} tells.
  const changed = await request.put(`${V2}/control/orders/${id}/status`, { data: { status: "READY" } });
  expect(changed.ok(), await changed.text()).toBe(true);
  await expect(cardIn(page, "Prontos", displayId)).toBeVisible(ONE_PERIOD);
  expect(await eventCount(), "the platform emitted no event for it").toBe(before);
  await expectPlatformStatus(request, id, "READY");

  const dialog = await openDetails(page, displayId);
  await expect(dialog.getByRole("region", { name: "Histórico" })).toContainText(
    "Status conferido na plataforma: Pronto",
  );
  await page.keyboard.press("Escape");
  await expect(cardIn(page, "Prontos", displayId).locator("[data-status-unconfirmed]")).toHaveCount(0);
});

test("a platform that does not answer: the card stays, 'Status não confirmado', cleared once it answers", async ({
  page,
  request,
}) => {
  const { id, displayId } = await confirmedOnBoard(page, request);

  const down = await request.put(`${V2}/control/faults`, {
    data: { rules: [{ route: "/v2/*", errorRate: 1, errorStatus: 503 }] },
  });
  expect(down.ok(), await down.text()).toBe(true);
  try {
    const card = cardIn(page, "Em preparo", displayId);
    await expect(card.locator("[data-status-unconfirmed]")).toHaveText("? Status não confirmado", ONE_PERIOD);
    await expect(card).toBeVisible();
  } finally {
    await request.delete(`${V2}/control/faults`);
  }
  const card = cardIn(page, "Em preparo", displayId);
  await expect(card.locator("[data-status-unconfirmed]")).toHaveCount(0, { timeout: 30_000 });
  await expect(card).toBeVisible();
  await expectPlatformStatus(request, id, "CONFIRMED");
});
