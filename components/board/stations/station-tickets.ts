import type { BoardOrder } from "@/lib/contract/board";
import { hasStationPart } from "@/lib/orders/station-progress";

/**
 * A station's tickets in the order its tablet shows them: those it still has to make first, the
 * ones it has bumped after them (a bump moves the ticket out of the cook's way, and the bump
 * key's selection on to the next ticket to make). Pure: the view and the board keys read it.
 */
export function stationTickets(
  orders: readonly BoardOrder[],
  stationId: number,
): { toMake: BoardOrder[]; bumped: BoardOrder[] } {
  const toMake: BoardOrder[] = [];
  const bumped: BoardOrder[] = [];
  for (const order of orders) {
    if (!hasStationPart(order, stationId)) continue;
    const part = order.stationProgress!.find((station) => station.id === stationId)!;
    (part.done >= part.lines ? bumped : toMake).push(order);
  }
  return { toMake, bumped };
}

/** Expo's tickets: the orders in preparation that stations make (an unrouted one is not expo's). */
export function expoTickets(orders: readonly BoardOrder[]): BoardOrder[] {
  return orders.filter((order) => order.stationProgress?.length);
}
