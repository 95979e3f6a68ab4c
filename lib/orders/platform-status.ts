import type { BoardColumn } from "@/lib/contract/board";
import { BOARD_COLUMNS } from "@/lib/contract/board-values";

// Open Delivery 2.0's authoritative order status (GET /orders/{orderId}) against Comanda's card:
// what a reconciliation does about a difference. Pure, shared by the sync and its tests.

/** Comanda's own event types, stored beside the platform's (never sent to it): the card's "status não confirmado". */
export const STATUS_UNCONFIRMED_EVENT = "COMANDA_STATUS_UNCONFIRMED";
export const STATUS_CONFIRMED_EVENT = "COMANDA_STATUS_CONFIRMED";

/** Where each 2.0 status puts a card, and the event that projects it (orders.en.md's matrices). */
export const STATUS_ON_BOARD: Readonly<Record<string, { column: BoardColumn; event: string | null }>> = {
  CREATED: { column: "new", event: null },
  CONFIRMED: { column: "preparing", event: "CONFIRMED" },
  PREPARING: { column: "preparing", event: "PREPARING" },
  READY: { column: "ready", event: "READY_FOR_PICKUP" },
  IN_DELIVERY: { column: "dispatched", event: "DISPATCHED" },
  DELIVERED: { column: "done", event: "DELIVERED" },
  CANCELLED: { column: "cancelled", event: "CANCELLED" },
  CONCLUDED: { column: "done", event: "CONCLUDED" },
};

export type Reconciliation =
  /** The card already says what the platform says. */
  | { kind: "agrees" }
  /** The platform is further (or cancelled the order): the card moves, by this event. */
  | { kind: "move"; event: string; column: BoardColumn }
  /**
   * The platform is behind the card (a step of ours it has not applied yet, 202 being "accepted",
   * not "done"): the card is not moved back on a guess, it is marked unconfirmed until they agree.
   */
  | { kind: "behind"; column: BoardColumn };

const rank = (column: BoardColumn) => BOARD_COLUMNS.indexOf(column);

/**
 * What the platform's status means for a card whose platform-side column is `card` (its column,
 * or the one a kitchen recall holds for the platform). Cancellation wins from anywhere; CONCLUDED
 * agrees with a cancelled card (it closes cancelled orders too).
 */
export function reconcileStatus(card: BoardColumn, status: string): Reconciliation {
  const target = STATUS_ON_BOARD[status];
  if (!target) return { kind: "agrees" };
  if (target.column === card) return { kind: "agrees" };
  if (card === "cancelled")
    return status === "CONCLUDED" ? { kind: "agrees" } : { kind: "behind", column: target.column };
  if (target.column === "cancelled") return { kind: "move", event: "CANCELLED", column: "cancelled" };
  if (rank(target.column) > rank(card) && target.event)
    return { kind: "move", event: target.event, column: target.column };
  return { kind: "behind", column: target.column };
}
