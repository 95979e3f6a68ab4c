import { expect, type APIRequestContext, type Locator, type Page } from "@playwright/test";

/**
 * The board's alarm state, as the page exposes it (components/board/alerts/mute-button.tsx):
 * data-sound = what sounds now (new | urgent | stopCooking | connectionLost | cancellationRequest | silent),
 * data-sound-wanted, data-audio (the AudioContext's state), data-muted-until.
 */
export function soundState(page: Page): Locator {
  return page.getByTestId("sound-state");
}

/** Notes the board has handed to Web Audio so far (window.__comandaAudio). */
export async function notesPlayed(page: Page): Promise<number> {
  return page.evaluate(() => window.__comandaAudio?.notesPlayed ?? 0);
}

/**
 * Answers every cancellation request and confirms every order earlier tests left waiting in New
 * (they share one server), so that the only reason for the alarm is the test's own order.
 */
export async function confirmLeftovers(page: Page): Promise<void> {
  type Snapshot = { orders: Array<{ id: string; column: string; actions: string[] }> };
  const read = async () => (await (await page.request.get("/api/orders")).json()) as Snapshot;
  // An open cancellation request rings too: denied first (accepting one in the kitchen would ring "stop cooking").
  for (const order of (await read()).orders.filter((candidate) => candidate.actions.includes("denyCancellation"))) {
    const response = await page.request.post(`/api/orders/${order.id}/actions/denyCancellation`, {
      data: { code: "DISH_ALREADY_DONE", reason: "Limpeza do teste" },
    });
    expect(response.ok(), await response.text()).toBe(true);
  }
  const snapshot = await read();
  for (const order of snapshot.orders.filter((candidate) => candidate.column === "new")) {
    const action = order.actions.includes("confirm") ? "confirm" : "requestCancellation";
    const body = action === "confirm" ? {} : { reason: "Limpeza do teste", code: "SYSTEMIC_ISSUES", mode: "MANUAL" };
    const response = await page.request.post(`/api/orders/${order.id}/actions/${action}`, { data: body });
    expect(response.ok(), await response.text()).toBe(true);
  }
}

/** An order for now (not scheduled) in the first sandbox store: its confirm deadline runs from now. */
export async function createInstantOrder(
  request: APIRequestContext,
  type: "DELIVERY" | "TAKEOUT" = "TAKEOUT",
): Promise<{ id: string; displayId: string }> {
  const merchants = (await (await request.get("/sandbox/control/merchants")).json()) as Array<{ merchantId: string }>;
  const created = await request.post("/sandbox/control/orders", {
    data: { type, orderTiming: "INSTANT", merchantId: merchants[0]?.merchantId },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { orderId } = (await created.json()) as { orderId: string };
  const { order } = (await (await request.get(`/sandbox/control/orders/${orderId}`)).json()) as {
    order: { displayId: string };
  };
  return { id: orderId, displayId: order.displayId };
}
