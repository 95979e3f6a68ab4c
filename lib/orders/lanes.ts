import type { BoardColumn, BoardOrder } from "@/lib/contract/board";

/**
 * Where a card shows on the board at a given time. The lifecycle column says what may be done
 * to an order; the lane adds time: a scheduled order waits in the Scheduled lane until its
 * preparation starts, and finished orders leave the board two hours after they finished. Pure,
 * so the browser applies it as its clock ticks (no reload, no server round trip).
 */
export type BoardLane = BoardColumn | "scheduled";

/** How long a done or cancelled order stays on the board after it finished. */
export const FINISHED_WINDOW_MS = 2 * 60 * 60 * 1000;

/**
 * The platform's PREPARATION_REQUESTED (or the kitchen starting early) releases a scheduled
 * order at once; the preparation time on our clock is the fallback for platforms that never
 * send the event. A scheduled order waits whether or not it was confirmed: unconfirmed it then
 * goes to New (its confirm deadline counts from the preparation start), confirmed to In
 * preparation.
 */
export function isWaitingForPreparation(order: BoardOrder, now: number): boolean {
  if (!order.preparationStartAt || order.preparationRequested) return false;
  if (order.column !== "new" && order.column !== "preparing") return false;
  const start = Date.parse(order.preparationStartAt);
  return !Number.isNaN(start) && now < start;
}

/** Done and cancelled orders whose two hours on the board are over. */
export function hasLeftBoard(order: BoardOrder, now: number): boolean {
  if (order.column !== "done" && order.column !== "cancelled") return false;
  const finished = Date.parse(order.finishedAt ?? "");
  // A card without a finish time (stored before it existed) stays until the next reload.
  return !Number.isNaN(finished) && now - finished > FINISHED_WINDOW_MS;
}

export function laneOf(order: BoardOrder, now: number): BoardLane {
  return isWaitingForPreparation(order, now) ? "scheduled" : order.column;
}

/** When the card's age counts from: the order's creation, or a scheduled order's preparation start. */
export function ageOrigin(order: BoardOrder): string {
  const start = order.preparationStartAt ? Date.parse(order.preparationStartAt) : Number.NaN;
  return !Number.isNaN(start) && start > Date.parse(order.placedAt) ? order.preparationStartAt! : order.placedAt;
}
