"use client";

import { useState } from "react";
import type { BoardOrder } from "@/lib/contract/board";
import { sortIntoLanes, type LaneCards } from "../stream/board-cache";

const NO_ORDERS: readonly BoardOrder[] = [];

/**
 * The board's lanes at `now`, sorted again only when the cards or the clock change, each lane
 * keeping its array while its cards stay the same (sortIntoLanes): the memoised columns rely on
 * it. The last result is remembered with React's "previous value" pattern.
 */
export function useLanes(orders: readonly BoardOrder[] = NO_ORDERS, now: number): LaneCards {
  const [last, setLast] = useState(() => ({ orders, now, lanes: sortIntoLanes(orders, now) }));
  if (last.orders === orders && last.now === now) return last.lanes;
  const lanes = sortIntoLanes(orders, now, last.lanes);
  setLast({ orders, now, lanes });
  return lanes;
}
