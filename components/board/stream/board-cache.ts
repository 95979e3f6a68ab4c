import { MAX_BOARD_CARDS_PER_STORE } from "@/lib/orders/card-bounds";
import { hasLeftBoard, laneOf, type BoardLane } from "@/lib/orders/lanes";
import type { BoardOrder, BoardSnapshot } from "@/lib/contract/board";

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

/**
 * Each lane's cards at a time: the live lanes oldest first, the Scheduled lane by preparation start,
 * the finished lanes (done, cancelled) the last finished first.
 */
export type LaneCards = Readonly<Record<BoardLane, readonly BoardOrder[]>>;

const LANES: readonly BoardLane[] = ["scheduled", "new", "preparing", "ready", "dispatched", "done", "cancelled"];

/**
 * Sorts the board into its lanes at `now` in one pass, leaving out finished cards whose two hours
 * are over. A stream update changes one card: a lane whose cards are the very ones it had in
 * `previous` keeps that array, so the memoised columns that did not change skip rendering — with
 * 300 cards, an update re-renders only the lanes the card left and joined (issue 13: ≤ 8 ms).
 */
export function sortIntoLanes(orders: readonly BoardOrder[], now: number, previous?: LaneCards): LaneCards {
  const lanes = Object.fromEntries(LANES.map((lane) => [lane, [] as BoardOrder[]])) as Record<BoardLane, BoardOrder[]>;
  for (const order of orders) if (!hasLeftBoard(order, now)) lanes[laneOf(order, now)].push(order);
  const sorted: Record<BoardLane, readonly BoardOrder[]> = lanes;
  for (const lane of LANES) {
    const cards = lanes[lane].sort(ORDER_OF_LANE[lane] ?? byPlacedTime);
    const before = previous?.[lane];
    if (before && before.length === cards.length && before.every((card, index) => card === cards[index]))
      sorted[lane] = before;
  }
  return sorted;
}

const byPlacedTime = (a: BoardOrder, b: BoardOrder) =>
  timeOf(a, "placedAt", Infinity) - timeOf(b, "placedAt", Infinity) || a.seq - b.seq;
// The Scheduled lane holds only orders whose preparation start parses (lanes.ts).
const byPreparationStart = (a: BoardOrder, b: BoardOrder) =>
  timeOf(a, "preparationStartAt", Infinity) - timeOf(b, "preparationStartAt", Infinity) || a.seq - b.seq;
// The order a cook reopens is nearly always the one just bumped by mistake: it heads the list,
// not the end of two hours of a rush's tickets.
const byLastFinished = (a: BoardOrder, b: BoardOrder) =>
  timeOf(b, "finishedAt", -Infinity) - timeOf(a, "finishedAt", -Infinity) || b.seq - a.seq;

const ORDER_OF_LANE: Partial<Record<BoardLane, (a: BoardOrder, b: BoardOrder) => number>> = {
  scheduled: byPreparationStart,
  done: byLastFinished,
  cancelled: byLastFinished,
};

// Parsed once per card (a changed card is a new object): sorting 300 cards on every update
// would otherwise parse thousands of dates.
const parsedTimes = {
  placedAt: new WeakMap<BoardOrder, number>(),
  preparationStartAt: new WeakMap<BoardOrder, number>(),
  finishedAt: new WeakMap<BoardOrder, number>(),
};

/**
 * The card's time `field` in ms; `unreadable` where it has none or it does not parse, so that it
 * sorts last rather than breaking the order of the others.
 */
function timeOf(order: BoardOrder, field: keyof typeof parsedTimes, unreadable: number): number {
  let time = parsedTimes[field].get(order);
  if (time === undefined) {
    time = Date.parse(order[field] ?? "");
    parsedTimes[field].set(order, time);
  }
  return Number.isNaN(time) ? unreadable : time;
}
