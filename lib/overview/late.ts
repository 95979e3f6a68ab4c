import type { BoardColumn, BoardOrder } from "@/lib/contract/board";

// When an order is late, for the chain overview. The card carries the confirm deadline but not the
// platform's delivery promise; until it does, an order being prepared or on its way is late past
// PROMISE_MINUTES from its placing (or from its scheduled time).

export const ACTIVE_COLUMNS = ["new", "preparing", "ready", "dispatched"] as const satisfies readonly BoardColumn[];
export type ActiveColumn = (typeof ACTIVE_COLUMNS)[number];
export const PROMISE_MINUTES = 45;

export function isActive(order: Pick<BoardOrder, "column">): order is BoardOrder & { column: ActiveColumn } {
  return (ACTIVE_COLUMNS as readonly string[]).includes(order.column);
}

/** Past its promise: a new order past its confirm deadline, or any active order past PROMISE_MINUTES. */
export function isLate(order: BoardOrder, now: number): boolean {
  if (!isActive(order)) return false;
  if (order.column === "new" && order.confirmBy) {
    const deadline = Date.parse(order.confirmBy);
    if (!Number.isNaN(deadline) && now > deadline) return true;
  }
  const start = Date.parse(order.scheduledFor ?? order.placedAt);
  return !Number.isNaN(start) && now > start + PROMISE_MINUTES * 60_000;
}

/** A store's active orders per column and how many are late. */
export function stageCounts(
  orders: readonly BoardOrder[],
  storeId: string,
  now: number,
): { byColumn: Record<ActiveColumn, number>; late: number } {
  const byColumn = { new: 0, preparing: 0, ready: 0, dispatched: 0 };
  let late = 0;
  for (const order of orders) {
    if (order.storeId !== storeId || !isActive(order)) continue;
    byColumn[order.column] += 1;
    if (isLate(order, now)) late += 1;
  }
  return { byColumn, late };
}
