import { actionsByColumn, columnAfterAction, columnByEventType, furthestColumn, isOrderAction } from "./lifecycle";
import type { BoardColumn, BoardOrder, OrderSummary } from "./types";

export interface ProjectionInput {
  orderId: string;
  storeId: string;
  /** Null while the platform's details cannot be read. */
  summary: OrderSummary | null;
  events: ReadonlyArray<{ eventType: string; occurredAt: Date }>;
  /** Local actions that the platform accepted. */
  succeededActions: ReadonlyArray<{ action: string }>;
  seq: number;
}

/** Turns an order's events and local actions into its board card. Pure: no I/O, no clock. */
export function projectOrder(input: ProjectionInput): BoardOrder {
  const reached: BoardColumn[] = [];
  for (const event of input.events) {
    const column = columnByEventType[event.eventType];
    if (column) reached.push(column);
  }
  for (const { action } of input.succeededActions) {
    if (isOrderAction(action)) reached.push(columnAfterAction[action]);
  }
  const column = furthestColumn(reached);
  const summary = input.summary;
  // Unreadable details cannot be reviewed, so nothing may be done to the order from the board.
  const actions = summary ? [...actionsByColumn[column]] : [];

  return {
    id: input.orderId,
    storeId: input.storeId,
    displayId: summary?.displayId ?? input.orderId.slice(0, 8),
    type: summary?.type ?? "UNKNOWN",
    customerName: summary?.customerName ?? null,
    itemCount: summary?.itemCount ?? 0,
    total: summary?.total ?? null,
    placedAt: summary?.placedAt ?? firstEventTime(input.events),
    column,
    actions,
    detailsUnreadable: summary === null,
    seq: input.seq,
  };
}

function firstEventTime(events: ProjectionInput["events"]): string {
  const times = events.map((event) => event.occurredAt.getTime());
  return new Date(times.length > 0 ? Math.min(...times) : 0).toISOString();
}
