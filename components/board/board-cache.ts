import { MAX_BOARD_CARDS_PER_STORE } from "@/lib/orders/card-bounds";
import { laneOf, type BoardLane } from "@/lib/orders/lanes";
import type { BoardColumn, BoardOrder, BoardSnapshot } from "@/lib/contract/board";

/** The one React Query key the board lives under; the stream and the actions write into it. */
export const BOARD_QUERY_KEY = ["board"] as const;

/**
 * Writes one changed card into the snapshot. Changes can arrive twice and out of order (the
 * action's response and the stream both carry the new card; a replay after reconnect can repeat
 * what we have), so a change not newer than the cached card is ignored. Returns the same object
 * when nothing changed, so React Query does not re-render.
 */
export function applyOrderChange(snapshot: BoardSnapshot, order: BoardOrder): BoardSnapshot {
  const lastSeq = Math.max(snapshot.lastSeq, order.seq);
  const index = snapshot.orders.findIndex((existing) => existing.id === order.id);
  const existing = index === -1 ? undefined : snapshot.orders[index];
  if (existing && existing.seq >= order.seq) {
    return lastSeq === snapshot.lastSeq ? snapshot : { ...snapshot, lastSeq };
  }
  if (index !== -1)
    return { ...snapshot, orders: snapshot.orders.map((current, i) => (i === index ? order : current)), lastSeq };
  return boundStore({ ...snapshot, orders: [...snapshot.orders, order], lastSeq }, order.storeId);
}

/**
 * Keeps a store's cards within the server's cap while the stream adds new ones (a flood of
 * orders must not grow a tablet's memory without end): the least recently changed card goes,
 * and is counted in the store's overflow, as the snapshot counts what it leaves out.
 */
function boundStore(snapshot: BoardSnapshot, storeId: string): BoardSnapshot {
  const own = snapshot.orders.filter((card) => card.storeId === storeId);
  if (own.length <= MAX_BOARD_CARDS_PER_STORE) return snapshot;
  const stalest = own.reduce((oldest, card) => (card.seq < oldest.seq ? card : oldest));
  const overflow = snapshot.overflow ?? [];
  const omitted = (overflow.find((entry) => entry.storeId === storeId)?.omitted ?? 0) + 1;
  return {
    ...snapshot,
    orders: snapshot.orders.filter((card) => card !== stalest),
    overflow: [...overflow.filter((entry) => entry.storeId !== storeId), { storeId, omitted }],
  };
}

/** The cards of one column, oldest first: the kitchen works in arrival order. */
export function ordersInColumn(orders: readonly BoardOrder[], column: BoardColumn): BoardOrder[] {
  return orders
    .filter((order) => order.column === column)
    .sort((a, b) => placedTime(a) - placedTime(b) || a.seq - b.seq);
}

/** The cards shown in one lane at `now`, oldest first; the Scheduled lane by preparation start. */
export function ordersInLane(orders: readonly BoardOrder[], lane: BoardLane, now: number): BoardOrder[] {
  const inLane = orders.filter((order) => laneOf(order, now) === lane);
  if (lane !== "scheduled") return inLane.sort((a, b) => placedTime(a) - placedTime(b) || a.seq - b.seq);
  return inLane.sort(
    (a, b) => Date.parse(a.preparationStartAt ?? "") - Date.parse(b.preparationStartAt ?? "") || a.seq - b.seq,
  );
}

function placedTime(order: BoardOrder): number {
  const time = Date.parse(order.placedAt);
  // An unparseable time sorts last rather than breaking the order of the others.
  return Number.isNaN(time) ? Number.MAX_SAFE_INTEGER : time;
}
