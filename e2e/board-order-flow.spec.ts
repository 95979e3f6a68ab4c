import { expect, test } from "@playwright/test";
import { confirmLeftovers, soundState } from "./support/alerts";
import {
  cardIn,
  createOrder,
  expectBoardAtRest,
  openDetails,
  openLiveBoard,
  showFinished,
  startShift,
} from "./support/board";

/**
 * The order flow in a rush (issue 13, points 5, 9 and 10): a cancellation request is an alarm
 * that says who asks and why and makes Accept/Deny the step to take; the open order lives in the
 * URL; the open details follow the stream.
 */

test.skip(({ isMobile }) => isMobile, "the flows run on the tablet");

const LIVE = { timeout: 15_000 };

test("a cancellation request rings until answered, says who asks and why, and makes Accept/Deny primary in the open details", async ({
  page,
  request,
}) => {
  await openLiveBoard(page);
  // Earlier specs share the server: their open requests would keep this alarm ringing.
  await confirmLeftovers(page);
  const { id, displayId } = await createOrder(request, "TAKEOUT");
  await expect(cardIn(page, "Novos", displayId)).toBeVisible(LIVE);
  // Someone muted the waiting-order bell: a cancellation request, a different alarm, still gets through.
  await page.getByRole("button", { name: "Silenciar" }).tap();
  await expect(soundState(page)).toHaveAttribute("data-muted-until", /.+/);

  // Another tab (the counter) confirms while this one has the details open: the timeline follows.
  const dialog = await openDetails(page, displayId);
  const confirmed = await page.request.post(`/api/orders/${id}/actions/confirm`, { data: { preparationTime: 20 } });
  expect(confirmed.ok(), await confirmed.text()).toBe(true);
  const timeline = dialog.getByRole("region", { name: "Histórico" });
  await expect(timeline.getByText("Confirmado", { exact: true })).toBeVisible(LIVE);
  const ready = dialog.getByRole("button", { name: "Pronto", exact: true });
  await expect(ready).toHaveAttribute("data-emphasis", "primary", LIVE);

  // The customer asks to cancel while the details are open.
  const asked = await request.post(`/sandbox/control/orders/${id}/customer-cancellation`);
  expect(asked.status(), await asked.text()).toBe(202);
  await expect(dialog.getByTestId("cancellation-request").first()).toContainText(
    "O cliente pede — motivo: The customer asked to cancel the order",
    LIVE,
  );
  await expect(timeline.getByText("Cliente pediu cancelamento")).toBeVisible(LIVE);
  const accept = dialog.getByRole("button", { name: "Aceitar cancelamento" });
  const deny = dialog.getByRole("button", { name: "Recusar cancelamento" });
  await expect(accept).toHaveAttribute("data-emphasis", "primary");
  await expect(deny).toHaveAttribute("data-emphasis", "primary");
  await expect(ready).toHaveAttribute("data-emphasis", "secondary");
  // Answering comes first on the panel, above the order's usual next step.
  expect((await accept.boundingBox())!.y).toBeLessThan((await ready.boundingBox())!.y);

  // A distinct alarm and a banner, until answered.
  await expect(soundState(page)).toHaveAttribute("data-sound", "cancellationRequest");
  await expect(page.getByRole("alert").filter({ hasText: "PEDIDO DE CANCELAMENTO" })).toContainText(displayId);
  if (process.env.SCREENSHOTS) await page.screenshot({ path: `${process.env.SCREENSHOTS}/cancellation-request.png` });
  await dialog.getByRole("button", { name: "Fechar" }).tap();
  await expect(cardIn(page, "Em preparo", displayId).getByTestId("cancellation-request")).toContainText(
    "O cliente pede",
  );
  // Mute lasts two minutes; the request still rings after a reload until it is answered.
  await page.reload();
  await startShift(page);
  await expect(soundState(page)).toHaveAttribute("data-sound", "cancellationRequest", LIVE);

  const again = await openDetails(page, displayId);
  await again.getByRole("button", { name: "Recusar cancelamento" }).tap();
  await again.getByLabel("Motivo").selectOption({ label: "O prato já está pronto" });
  await again.getByLabel("Explique").fill("Já está no forno");
  await again.getByRole("button", { name: "Continuar" }).tap();
  await again.getByRole("button", { name: "Sim, recusar cancelamento" }).tap();
  await expect(again.getByRole("button", { name: "Recusar cancelamento" })).toHaveCount(0, LIVE);
  await expect(again.getByRole("button", { name: "Pronto", exact: true })).toHaveAttribute("data-emphasis", "primary");
  await expect(soundState(page)).not.toHaveAttribute("data-sound", "cancellationRequest", LIVE);
  await expect(page.getByRole("alert").filter({ hasText: "PEDIDO DE CANCELAMENTO" })).toHaveCount(0);
});

test("the open order is in the URL: a reload keeps it, Back closes it and stays on the board", async ({
  page,
  request,
}) => {
  await openLiveBoard(page);
  const { id, displayId } = await createOrder(request, "TAKEOUT");
  await expect(cardIn(page, "Novos", displayId)).toBeVisible(LIVE);

  await openDetails(page, displayId);
  await expect(page).toHaveURL(new RegExp(`/board\\?order=${id}$`));
  await page.goBack();
  await expect(page.getByRole("dialog", { name: `Pedido ${displayId}` })).toHaveCount(0);
  await expect(page).toHaveURL(/\/board$/);
  await expect(cardIn(page, "Novos", displayId)).toBeVisible();

  await openDetails(page, displayId);
  await page.reload();
  // The shift starts first (it turns the sound on), then the order is back where it was.
  await startShift(page);
  const dialog = page.getByRole("dialog", { name: `Pedido ${displayId}` });
  await expect(dialog).toBeVisible(LIVE);
  await expect(page).toHaveURL(new RegExp(`/board\\?order=${id}$`));
  // Closed after a reload: the URL loses the order, the page stays the board.
  await dialog.getByRole("button", { name: "Fechar" }).tap();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/\/board$/);
  await expect(cardIn(page, "Novos", displayId)).toBeVisible();

  // A link with the order opens it straight away (a colleague's, or the tablet's restart).
  await page.goto(`/board?order=${id}`);
  await startShift(page);
  await expect(dialog).toBeVisible(LIVE);
});

test("an order nobody confirms is cancelled by the platform at its deadline, and the card says why", async ({
  page,
  request,
}) => {
  await openLiveBoard(page);
  const { displayId } = await createOrder(request, "TAKEOUT");
  await expect(cardIn(page, "Novos", displayId)).toBeVisible(LIVE);
  // The platform's clock passes the 8 minutes (Comanda's and the browser's do not move).
  const moved = await request.post("/sandbox/control/clock", { data: { advanceSeconds: 8 * 60 + 5 } });
  expect(moved.ok(), await moved.text()).toBe(true);
  await showFinished(page);
  const card = cardIn(page, "Cancelados", displayId);
  await expect(card).toBeVisible(LIVE);
  await expect(card.getByTestId("cancelled-because")).toContainText("Cancelado pela plataforma");
  // In the board's words (issue 27); the platform's own sentence stays behind "detalhe técnico".
  await expect(card.getByTestId("cancelled-because")).toContainText("não foi confirmado a tempo");
  await card.getByText("detalhe técnico").tap();
  await expect(card.getByText(/8 minutes/)).toBeVisible();
  // It rings, and a banner says how many and which, until someone taps it away.
  const banner = page.getByRole("alert").filter({ hasText: "CANCELADOS PELA PLATAFORMA" });
  await expect(banner).toContainText(displayId);
  await expect(page.getByTestId("sound-state")).toHaveAttribute("data-sound-wanted", "urgent");
  await banner.getByRole("button", { name: "Entendi" }).tap();
  await expect(banner).toHaveCount(0);
});

test("four alerts at once keep to a quarter of the screen, say how many are out of view, and leave the new order in sight", async ({
  page,
  request,
}) => {
  await openLiveBoard(page);
  await confirmLeftovers(page);
  // Stop cooking: confirmed, then cancelled at the customer's request, accepted elsewhere.
  const cooked = await createOrder(request, "DELIVERY");
  // A cancellation request still open.
  const asked = await createOrder(request, "DELIVERY");
  for (const order of [cooked, asked]) {
    await expect(cardIn(page, "Novos", order.displayId)).toBeVisible(LIVE);
    await cardIn(page, "Novos", order.displayId).getByRole("button", { name: "Confirmar" }).tap();
    await expect(cardIn(page, "Em preparo", order.displayId)).toBeVisible(LIVE);
    const requested = await request.post(`/sandbox/control/orders/${order.id}/customer-cancellation`);
    expect(requested.status(), await requested.text()).toBe(202);
    await expect(cardIn(page, "Em preparo", order.displayId).getByText("Pedem cancelamento")).toBeVisible(LIVE);
  }
  const accepted = await page.request.post(`/api/orders/${cooked.id}/actions/acceptCancellation`, { data: {} });
  expect(accepted.ok(), await accepted.text()).toBe(true);
  // Three orders nobody confirmed, seen in New, then cancelled by the platform at their deadline.
  for (let placed = 0; placed < 3; placed++) {
    const { displayId } = await createOrder(request, "TAKEOUT");
    await expect(cardIn(page, "Novos", displayId)).toBeVisible(LIVE);
  }
  const moved = await request.post("/sandbox/control/clock", { data: { advanceSeconds: 8 * 60 + 5 } });
  expect(moved.ok(), await moved.text()).toBe(true);
  await expect(page.getByRole("alert").filter({ hasText: "CANCELADOS PELA PLATAFORMA" })).toBeVisible(LIVE);
  // The order the kitchen must see, then the platform goes silent.
  const fresh = await createOrder(request, "TAKEOUT");
  await expect(cardIn(page, "Novos", fresh.displayId)).toBeVisible(LIVE);
  const faulty = await request.put("/sandbox/control/faults", {
    data: { rules: [{ route: "GET /v1/events:polling", errorRate: 1, errorStatus: 503 }] },
  });
  expect(faulty.ok(), await faulty.text()).toBe(true);
  try {
    await expect(page.getByRole("alert").filter({ hasText: "SEM CONTATO COM A PLATAFORMA" })).toBeVisible(LIVE);
    const alerts = page.locator("[data-alert]");
    for (const words of ["PARE O PREPARO", "SEM CONTATO", "PEDIDO DE CANCELAMENTO", "CANCELADOS PELA PLATAFORMA"])
      await expect(alerts.filter({ hasText: words })).toHaveCount(1);
    // Most urgent first.
    await expect(alerts.first()).toContainText("PARE O PREPARO");

    // Bounded: the stack's visible part is at most about a quarter of the 768 px screen…
    const stack = await alerts.first().locator("..").boundingBox();
    expect(stack!.height).toBeLessThanOrEqual(0.26 * 768 + 1);
    // …and what it leaves out is counted, with a tap to the next.
    const more = page.getByRole("button", { name: /alertas? fora da vista/ });
    await expect(more).toBeVisible();
    const missed = page.getByRole("alert").filter({ hasText: "CANCELADOS PELA PLATAFORMA" });
    // In view as the board counts it (98 %: a quarter of 768 px is not a whole number of pixels).
    await expect(missed).not.toBeInViewport({ ratio: 0.98 });
    await more.tap();
    await expect(missed).toBeInViewport({ ratio: 0.98 });

    // The New lane stays on screen: the new order is in view and opens with a tap (the last CI's
    // failure: a strip of New lane under the banners, the tap landing on the Scheduled lane).
    // Its whole card is not promised: on a board crowded by earlier specs (a two-line status bar,
    // a channel row, the overflow notice, scheduled orders) the lanes keep ~200 px.
    await expect(cardIn(page, "Novos", fresh.displayId)).toBeInViewport();
    // At rest, and sharing: the New lane takes at most half of the lanes' room (and 40 % of the
    // screen), so the tickets below keep the other half (on this crowded board they kept a 40 px
    // strip while one new order took 250 px).
    await expectBoardAtRest(page);
    const share = await page.evaluate(() => {
      const lane = document.querySelector("section[aria-labelledby=column-new-heading]")!;
      const main = lane.closest("main")!;
      const style = getComputedStyle(main);
      const room = main.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
      return { lane: lane.getBoundingClientRect().height, room };
    });
    expect(share.lane).toBeLessThanOrEqual(Math.min(0.4 * 768, share.room / 2) + 1);
    await expect(await openDetails(page, fresh.displayId)).toBeVisible();
  } finally {
    await request.delete("/sandbox/control/faults");
  }
});
