import type { BoardOrder } from "@/lib/contract/board";
import { hasFired, minutesToFire } from "@/lib/orders/fire-time";

/** A station ticket's held lines (hold and fire, docs/kitchen.md) at the tablet's `now`. */
export interface HeldState {
  /** Each held line (index into the card's lines) → whole minutes until it fires. */
  held: ReadonlyMap<number, number>;
  /** Every line of the station still to make is held: the ticket waits, after the fired ones. */
  allHeld: boolean;
  /** Minutes until its first held line fires; null when none is held. */
  firstIn: number | null;
}

/**
 * Which of a station's lines (`indexes`) are held: the order is in preparation, the line has a
 * fire offset, its fire time (the card's stage start + the offset) is still ahead, and no cook
 * marked it done (a held line a cook made anyway is done like any other).
 */
export function heldState(order: BoardOrder, indexes: readonly number[], now: number): HeldState {
  const start = order.column === "preparing" ? Date.parse(order.stageSince ?? "") : NaN;
  const done = new Set(order.doneLines ?? []);
  const held = new Map<number, number>();
  if (Number.isFinite(start))
    for (const index of indexes) {
      const offset = order.lines?.[index]?.fireIn;
      if (offset && !done.has(index) && !hasFired(start, offset, now))
        held.set(index, minutesToFire(start, offset, now));
    }
  const toMake = indexes.filter((index) => !done.has(index));
  return {
    held,
    allHeld: held.size > 0 && toMake.every((index) => held.has(index)),
    firstIn: held.size === 0 ? null : Math.min(...held.values()),
  };
}

/** A station's tickets with those wholly held after the others (each group in its order). */
export function heldLast<T extends BoardOrder>(
  orders: readonly T[],
  indexesOf: (order: T) => number[],
  now: number,
): T[] {
  const waiting = new Set(orders.filter((order) => heldState(order, indexesOf(order), now).allHeld));
  return [...orders.filter((order) => !waiting.has(order)), ...orders.filter((order) => waiting.has(order))];
}
