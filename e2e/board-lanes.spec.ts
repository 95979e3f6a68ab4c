import { expect, test, type APIRequestContext } from "@playwright/test";
import { cardIn, createOrder, LIVE, openDetails, openLiveBoard, showFinished } from "./support/board";

/** The Scheduled lane, the indoor flow and the all-day counts, against the sandbox. */

test.skip(({ isMobile }) => isMobile, "the flows run on the tablet");

interface ControlOrder {
  order: {
    preparationStartDateTime: string;
    indoor?: { place?: string; tab?: string };
    items: Array<{ name: string; quantity: number }>;
  };
}

async function readOrder(request: APIRequestContext, id: string): Promise<ControlOrder["order"]> {
  const read = await request.get(`/sandbox/control/orders/${id}`);
  expect(read.ok()).toBe(true);
  return ((await read.json()) as ControlOrder).order;
}

/** The types of the order's events on the platform, in order. */
async function eventTypes(request: APIRequestContext, id: string): Promise<string[]> {
  const read = await request.get(`/sandbox/control/orders/${id}`);
  expect(read.ok()).toBe(true);
  return ((await read.json()) as { events: Array<{ eventType: string }> }).events.map((event) => event.eventType);
}

/** How many polls Comanda has sent the platform since `since` (epoch ms; the log's times are real time). */
async function pollsStartedSince(request: APIRequestContext, since: number): Promise<number> {
  const read = await request.get("/sandbox/control/requests?path=/v1/events:polling");
  expect(read.ok()).toBe(true);
  const polls = (await read.json()) as Array<{ startedAt: string }>;
  return polls.filter((poll) => Date.parse(poll.startedAt) >= since).length;
}

/** Moves the platform's clock (not Comanda's, not the browser's) forward to `target` plus `extraSeconds`. */
async function advancePlatformClockTo(request: APIRequestContext, target: string, extraSeconds: number): Promise<void> {
  const { now } = (await (await request.get("/sandbox/control/clock")).json()) as { now: string };
  const advanceSeconds = Math.max(0, Math.ceil((Date.parse(target) - Date.parse(now)) / 1000) + extraSeconds);
  const moved = await request.post("/sandbox/control/clock", { data: { advanceSeconds } });
  expect(moved.ok(), await moved.text()).toBe(true);
}

test("indoor: the card shows the table or tab; confirm → ready → served ends in Done, and leaves after 2 h", async ({
  page,
  request,
}) => {
  await page.clock.install();
  await openLiveBoard(page);
  const { id, displayId } = await createOrder(request, "INDOOR");
  const { indoor } = await readOrder(request, id);
  const place = indoor?.place ?? indoor?.tab;
  expect(place).toBeTruthy();
  await expect(cardIn(page, "Novos", displayId)).toBeVisible(LIVE);
  await expect(cardIn(page, "Novos", displayId)).toContainText(place!);
  await expect(cardIn(page, "Novos", displayId)).toContainText("No local");

  const dialog = await openDetails(page, displayId);
  await dialog.getByRole("button", { name: "Confirmar", exact: true }).tap();
  await expect(cardIn(page, "Em preparo", displayId)).toBeAttached(LIVE);
  // INDOOR has no dispatch and no pick-up: ready, then served at the table (delivered).
  await expect(dialog.getByRole("button", { name: "Despachar", exact: true })).toHaveCount(0);
  await dialog.getByRole("button", { name: "Pronto", exact: true }).tap();
  await expect(cardIn(page, "Prontos", displayId)).toBeAttached(LIVE);
  await expect(dialog.getByRole("button", { name: "Retirado", exact: true })).toHaveCount(0);
  await dialog.getByRole("button", { name: "Entregue", exact: true }).tap();
  await expect(dialog.getByText("Nenhuma ação possível agora.")).toBeVisible(LIVE);
  await page.keyboard.press("Escape");

  await showFinished(page);
  await expect(cardIn(page, "Concluídos", displayId)).toBeVisible(LIVE);
  await expect(cardIn(page, "Concluídos", displayId)).toContainText(place!);

  // Two hours later it leaves the board by itself: no reload.
  await page.clock.fastForward("01:59:00");
  await expect(cardIn(page, "Concluídos", displayId)).toBeVisible();
  await page.clock.fastForward("02:00");
  await expect(cardIn(page, "Concluídos", displayId)).toHaveCount(0);
});

test("the all-day panel adds up the items of the orders in preparation", async ({ page, request }) => {
  await openLiveBoard(page);
  const cooking = [await createOrder(request, "TAKEOUT"), await createOrder(request, "DELIVERY")];
  const waiting = await createOrder(request, "TAKEOUT");
  for (const { displayId } of [...cooking, waiting]) await expect(cardIn(page, "Novos", displayId)).toBeVisible(LIVE);

  const toggle = page.getByRole("button", { name: "Total a produzir" });
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await toggle.tap();
  const panel = page.getByRole("complementary", { name: "Total a produzir" });
  await expect(panel).toBeVisible();
  const box = await panel.boundingBox();
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(1024);

  /** "3× Pizza G" rows as name → quantity (other tests may have left orders in preparation). */
  const shownCounts = async () => {
    const shown = new Map<string, number>();
    const empty = await panel.getByText("Nada em preparo agora.").count();
    if (empty) return shown;
    for (const text of await panel.getByRole("listitem").allInnerTexts()) {
      const match = /^(\d+(?:[.,]\d+)?)×\s*(.+)$/m.exec(text.trim());
      if (match) shown.set(match[2]!.trim(), (shown.get(match[2]!.trim()) ?? 0) + Number(match[1]!.replace(",", ".")));
    }
    return shown;
  };
  const before = await shownCounts();

  for (const { displayId } of cooking) {
    const dialog = await openDetails(page, displayId);
    await dialog.getByRole("button", { name: "Confirmar", exact: true }).tap();
    await expect(cardIn(page, "Em preparo", displayId)).toBeAttached(LIVE);
    await page.keyboard.press("Escape");
  }
  for (const { displayId } of cooking) await expect(panel).toContainText(displayId);

  // What the two confirmed orders added is every one of their items; the unconfirmed one adds nothing.
  const expected = new Map(before);
  for (const { id } of cooking)
    for (const item of (await readOrder(request, id)).items)
      expected.set(item.name, (expected.get(item.name) ?? 0) + item.quantity);
  expect(await shownCounts()).toEqual(expected);
  // By whole number: the panel's text runs on from one row into the next ("…, 1113" + "1× Pão…"
  // reads "11131×", which holds "1131").
  await expect(panel).not.toContainText(new RegExp(`(^|\\D)${waiting.displayId}(\\D|$)`));
  await toggle.tap();
  await expect(panel).toHaveCount(0);
});

test("screenshots of the Scheduled lane and the all-day panel (opt-in: SCREENSHOTS=<directory>)", async ({
  page,
  request,
}) => {
  const directory = process.env.SCREENSHOTS;
  test.skip(!directory, "set SCREENSHOTS=<directory> to take them");
  test.setTimeout(120_000);
  // The browser's clock is faked (and still runs) so the ages can be fast-forwarded below.
  await page.clock.install();
  await openLiveBoard(page);
  const scheduled = [
    await createOrder(request, "DELIVERY", "SCHEDULED"),
    await createOrder(request, "TAKEOUT", "SCHEDULED"),
  ];
  const cooking = [
    await createOrder(request, "DELIVERY"),
    await createOrder(request, "INDOOR"),
    await createOrder(request, "TAKEOUT"),
  ];
  const fresh = await createOrder(request, "INDOOR");
  for (const { displayId } of scheduled) await expect(cardIn(page, "Agendados", displayId)).toBeVisible(LIVE);
  for (const { displayId } of [...cooking, fresh]) await expect(cardIn(page, "Novos", displayId)).toBeVisible(LIVE);
  for (const { displayId } of cooking) {
    const dialog = await openDetails(page, displayId);
    await dialog.getByRole("button", { name: "Confirmar", exact: true }).tap();
    await expect(cardIn(page, "Em preparo", displayId)).toBeAttached(LIVE);
    await page.keyboard.press("Escape");
  }
  await page.getByRole("button", { name: "Total a produzir" }).tap();
  for (const [name, size] of [
    ["tablet", { width: 1024, height: 768 }],
    ["phone", { width: 390, height: 844 }],
  ] as const) {
    await page.setViewportSize(size);
    await page.screenshot({ path: `${directory}/lanes-${name}.png`, fullPage: name === "phone" });
  }
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.getByRole("button", { name: "Total a produzir" }).tap();
  await page.clock.fastForward("05:30");
  await page.screenshot({ path: `${directory}/ages-amber-tablet.png` });
  await page.clock.fastForward("03:00");
  await page.screenshot({ path: `${directory}/ages-red-tablet.png` });
});

test("without the platform's event, a scheduled order leaves Scheduled when the tablet's clock reaches its preparation time", async ({
  page,
  request,
}) => {
  await page.clock.install();
  await openLiveBoard(page);
  // Hours ahead; the platform's clock is not moved, so it sends no PREPARATION_REQUESTED.
  const { id, displayId } = await createOrder(request, "DELIVERY", "SCHEDULED");
  await expect(cardIn(page, "Agendados", displayId)).toBeVisible(LIVE);
  const { preparationStartDateTime } = await readOrder(request, id);
  const wait = Date.parse(preparationStartDateTime) - Date.now();
  await page.clock.fastForward(wait - 60_000);
  await expect(cardIn(page, "Agendados", displayId)).toBeVisible();
  await page.clock.fastForward(90_000);
  await expect(cardIn(page, "Novos", displayId)).toBeVisible();
  // Its confirm deadline counts from the preparation start: the card's timer has most of it left.
  await expect(cardIn(page, "Novos", displayId).getByRole("time")).toHaveText(/faltam [78] min/);
});

/** A scheduled order whose preparation starts `inSeconds` from now on the platform's clock. */
async function createScheduledSoon(
  request: APIRequestContext,
  type: "DELIVERY" | "TAKEOUT",
  inSeconds: number,
): Promise<{ id: string; displayId: string }> {
  const { now } = (await (await request.get("/sandbox/control/clock")).json()) as { now: string };
  // The sandbox starts preparation 50 min (delivery) or 30 min before the window.
  const scheduledFor = new Date(
    Date.parse(now) + (type === "DELIVERY" ? 50 : 30) * 60_000 + inSeconds * 1000,
  ).toISOString();
  const merchants = (await (await request.get("/sandbox/control/merchants")).json()) as Array<{ merchantId: string }>;
  const created = await request.post("/sandbox/control/orders", {
    data: { type, scheduledFor, merchantId: merchants[0]?.merchantId },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { orderId } = (await created.json()) as { orderId: string };
  const { order } = (await (await request.get(`/sandbox/control/orders/${orderId}`)).json()) as {
    order: { displayId: string };
  };
  return { id: orderId, displayId: order.displayId };
}

// Last: it moves the platform's clock forward for good (the control API never moves it back),
// by about two minutes, so later tests see orders placed "in the future" by that much.
test("a scheduled order waits in Scheduled and moves when the sandbox clock reaches its preparation time", async ({
  page,
  request,
}) => {
  await openLiveBoard(page);
  const waiting = await createScheduledSoon(request, "DELIVERY", 150);
  const early = await createScheduledSoon(request, "TAKEOUT", 160);
  await expect(cardIn(page, "Agendados", waiting.displayId)).toBeVisible(LIVE);
  await expect(cardIn(page, "Agendados", early.displayId)).toBeVisible(LIVE);
  await expect(cardIn(page, "Novos", waiting.displayId)).toHaveCount(0);
  await expect(cardIn(page, "Agendados", waiting.displayId)).toContainText("A confirmar");

  // Confirmed early from the details: it stays in Scheduled, marked confirmed.
  const dialog = await openDetails(page, early.displayId);
  await dialog.getByRole("button", { name: "Confirmar", exact: true }).tap();
  await expect(dialog.getByRole("button", { name: "Pronto", exact: true })).toBeVisible(LIVE);
  await page.keyboard.press("Escape");
  await expect(cardIn(page, "Agendados", early.displayId)).toContainText("Confirmado", LIVE);

  const first = await readOrder(request, waiting.id);
  const second = await readOrder(request, early.id);

  // A minute before the sooner one's time nothing moves: the platform (which acts on a clock
  // move at once) asks for neither preparation, and Comanda has polled it since.
  const movedAt = Date.now();
  await advancePlatformClockTo(request, first.preparationStartDateTime, -60);
  for (const { id } of [waiting, early]) expect(await eventTypes(request, id)).not.toContain("PREPARATION_REQUESTED");
  await expect.poll(async () => (await pollsStartedSince(request, movedAt)) > 0, LIVE).toBe(true);
  await expect(cardIn(page, "Agendados", waiting.displayId)).toBeVisible();
  await expect(cardIn(page, "Agendados", early.displayId)).toBeVisible();

  // Past both: the platform says PREPARATION_REQUESTED; unconfirmed → New, confirmed → In preparation.
  // (The browser's clock has not reached either time: only the platform's event can move them.)
  await advancePlatformClockTo(request, second.preparationStartDateTime, 5);
  await expect(cardIn(page, "Novos", waiting.displayId)).toBeVisible(LIVE);
  await expect(cardIn(page, "Em preparo", early.displayId)).toBeVisible(LIVE);
  // (Scheduled orders of other tests, hours away, stay where they are.)
  await expect(cardIn(page, "Agendados", waiting.displayId)).toHaveCount(0);
  await expect(cardIn(page, "Agendados", early.displayId)).toHaveCount(0);
});
