import type { BoardOrder } from "@/lib/contract/board";

/** An auto-accepted order older than this when the board first sees it was accepted earlier: no chime. */
export const AUTO_ACCEPT_RECENT_MS = 2 * 60_000;

/**
 * Orders auto-accept has just confirmed, against the board's last view: cards now marked
 * autoAccepted that were not before. Each chimes once and, on a device that prints on confirm,
 * prints once. On the first view (`previous` null: the board opened or reloaded) nothing is new —
 * a reload must not chime or print again what an earlier view already did.
 */
export function newlyAutoAccepted(
  previous: ReadonlySet<string> | null,
  orders: readonly BoardOrder[],
  now: number,
): string[] {
  if (previous === null) return [];
  return orders
    .filter((order) => order.autoAccepted === true && !previous.has(order.id))
    .filter((order) => now - Date.parse(order.stageSince ?? order.placedAt) < AUTO_ACCEPT_RECENT_MS)
    .map((order) => order.id);
}

/** The ids the board has seen auto-accepted (the next view's `previous`). */
export function autoAcceptedIds(orders: readonly BoardOrder[]): Set<string> {
  return new Set(orders.filter((order) => order.autoAccepted === true).map((order) => order.id));
}
