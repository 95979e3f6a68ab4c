import type { BoardColumn, OrderAction } from "./types";

/**
 * The order lifecycle as tables, not nested ifs. An order's column is the furthest point its
 * platform events and successful local actions have reached; cancellation ends it from anywhere.
 * Taking the furthest point (not the latest) makes the board immune to events arriving late or
 * twice.
 */

/** Where each platform event type puts an order. Types not listed (unknown ones too) move nothing. */
export const columnByEventType: Readonly<Record<string, BoardColumn>> = {
  CREATED: "new",
  CONFIRMED: "preparing",
  PREPARING: "preparing",
  READY_FOR_PICKUP: "ready",
  DISPATCHED: "dispatched",
  DELIVERED: "done",
  PICKED_UP: "done",
  CONCLUDED: "done",
  CANCELLED: "cancelled",
};

/** Where a successful local action puts an order, before the platform's event confirms it. */
export const columnAfterAction: Readonly<Record<OrderAction, BoardColumn>> = {
  confirm: "preparing",
};

/** What staff may do in each column. */
export const actionsByColumn: Readonly<Record<BoardColumn, readonly OrderAction[]>> = {
  new: ["confirm"],
  preparing: [],
  ready: [],
  dispatched: [],
  done: [],
  cancelled: [],
};

const progression: readonly BoardColumn[] = ["new", "preparing", "ready", "dispatched", "done"];

/** The column an order reached, given every column its events and actions pointed to. */
export function furthestColumn(reached: Iterable<BoardColumn>): BoardColumn {
  let furthest: BoardColumn = "new";
  for (const column of reached) {
    if (column === "cancelled") return "cancelled";
    if (progression.indexOf(column) > progression.indexOf(furthest)) furthest = column;
  }
  return furthest;
}

export function isOrderAction(value: string): value is OrderAction {
  return Object.hasOwn(columnAfterAction, value);
}
