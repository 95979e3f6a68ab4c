import {
  allowedActions,
  cancellationEffects,
  columnAfterAction,
  columnByEventType,
  furthestColumn,
  isOrderAction,
  type CancellationFlags,
} from "./lifecycle";
import type { BoardColumn, BoardOrder } from "@/lib/contract/board";
import type { OrderSummary } from "./types";

export interface ProjectionInput {
  orderId: string;
  storeId: string;
  /** Null while the platform's details cannot be read. */
  summary: OrderSummary | null;
  /**
   * Platform events; `at` is when Comanda received them (one clock with the actions), and the
   * platform's `occurredAt` orders events received in the same instant (one poll).
   */
  events: ReadonlyArray<{ eventType: string; at: Date; occurredAt?: Date }>;
  /** Local actions that the platform accepted; `at` is when it answered. */
  succeededActions: ReadonlyArray<{ action: string; at: Date }>;
  /** Minutes the platform allows before it cancels an unconfirmed order. */
  confirmDeadlineMinutes: number;
  seq: number;
}

/** Turns an order's events and local actions into its board card. Pure: no I/O, no clock. */
export function projectOrder(input: ProjectionInput): BoardOrder {
  const signals = [
    ...input.events.map((event) => ({
      key: `event:${event.eventType}`,
      at: event.at.getTime(),
      then: event.occurredAt?.getTime() ?? 0,
      column: columnByEventType[event.eventType],
    })),
    ...input.succeededActions.map(({ action, at }) => ({
      key: `action:${action}`,
      at: at.getTime(),
      then: 0,
      column: isOrderAction(action) ? columnAfterAction[action] : undefined,
    })),
  ].sort((a, b) => a.at - b.at || a.then - b.then);

  const reached: BoardColumn[] = [];
  const flags: CancellationFlags = { cancellationRequested: false, cancellationPending: false };
  for (const signal of signals) {
    if (signal.column) reached.push(signal.column);
    Object.assign(flags, cancellationEffects[signal.key]);
  }
  const column = furthestColumn(reached);
  const summary = input.summary;
  const preparingReported = signals.some(
    (signal) => signal.key === "event:PREPARING" || signal.key === "action:preparing",
  );
  const scheduled = summary?.timing === "SCHEDULED" && summary.preparationStartAt ? summary.preparationStartAt : null;
  const finished = column === "done" || column === "cancelled";
  // Unreadable details cannot be reviewed, so nothing may be done to the order from the board.
  const actions = summary ? allowedActions({ column, orderType: summary.type, preparingReported, ...flags }) : [];

  return {
    id: input.orderId,
    storeId: input.storeId,
    displayId: summary?.displayId ?? input.orderId.slice(0, 8),
    type: summary?.type ?? "UNKNOWN",
    customerName: summary?.customerName ?? null,
    itemCount: summary?.itemCount ?? 0,
    total: summary?.total ?? null,
    placedAt: summary?.placedAt ?? new Date(signals[0]?.at ?? 0).toISOString(),
    column,
    actions,
    detailsUnreadable: summary === null,
    confirmBy: column === "new" && summary ? confirmDeadline(summary, input.confirmDeadlineMinutes) : null,
    scheduledFor: summary?.scheduledFor ?? null,
    preparationStartAt: scheduled,
    preparationRequested: preparingReported || signals.some((signal) => signal.key === "event:PREPARATION_REQUESTED"),
    // The last thing that happened to a finished order: the board keeps it two hours from then.
    finishedAt:
      finished && signals.length > 0 ? new Date(Math.max(...signals.map((signal) => signal.at))).toISOString() : null,
    cancelledWhileCooking:
      column === "cancelled" &&
      reached.some((reachedColumn) => reachedColumn === "preparing" || reachedColumn === "ready"),
    place: summary?.place ?? null,
    lines: summary?.lines ?? [],
    ...flags,
    seq: input.seq,
  };
}

/** Counted from the order's creation, or from the preparation start of a scheduled order. */
function confirmDeadline(summary: OrderSummary, minutes: number): string {
  const from =
    summary.timing === "SCHEDULED" && summary.preparationStartAt ? summary.preparationStartAt : summary.placedAt;
  return new Date(Date.parse(from) + minutes * 60_000).toISOString();
}
