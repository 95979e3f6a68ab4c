import type { BoardOrder } from "@/lib/contract/board";
import { hasStationPart, stationIndexes } from "@/lib/orders/station-progress";
import { heldLast } from "./held-lines";

/**
 * A station's tickets in the order its tablet shows them: those it still has to make first — the
 * ones whose lines are all held (hold and fire) last among them, at the tablet's `now` —, the
 * ones it has bumped after them (a bump moves the ticket out of the cook's way, and the bump
 * key's selection on to the next ticket to make). Pure: the view and the board keys read it.
 */
export function stationTickets(
  orders: readonly BoardOrder[],
  stationId: number,
  now: number,
): { toMake: BoardOrder[]; bumped: BoardOrder[] } {
  const toMake: BoardOrder[] = [];
  const bumped: BoardOrder[] = [];
  for (const order of orders) {
    if (!hasStationPart(order, stationId)) continue;
    const part = order.stationProgress!.find((station) => station.id === stationId)!;
    (part.done >= part.lines ? bumped : toMake).push(order);
  }
  return { toMake: heldLast(toMake, (order) => stationIndexes(order, stationId), now), bumped };
}

/** Expo's tickets: the orders in preparation that stations make (an unrouted one is not expo's). */
export function expoTickets(orders: readonly BoardOrder[]): BoardOrder[] {
  return orders.filter((order) => order.stationProgress?.length);
}
