import {
  allowedActions,
  cancellationEffects,
  columnAfterAction,
  columnAfterSignals,
  columnByEventType,
  isOrderAction,
  RECALL_ACTION,
  type CancellationFlags,
} from "./lifecycle";
import { BOARD_COLUMNS } from "@/lib/contract/board-values";
import type { BoardColumn, BoardOrder } from "@/lib/contract/board";
import type { OrderSummary } from "./types";
import { boundCard } from "./card-bounds";
import { latestCourierFact } from "./courier-fact";
import { plausibilityFlags } from "./plausibility";
import { AUTO_ACCEPT_ACTOR } from "./auto-accept-rule";
import { STATUS_CONFIRMED_EVENT, STATUS_UNCONFIRMED_EVENT } from "./platform-status";
import { isRecord, text } from "./read-defensively";
import { inRestaurantCodes, routeLines, type StationsInput } from "@/lib/orders/station-progress";

export interface ProjectionInput {
  orderId: string;
  storeId: string;
  /** The channel the order came from (issue 28). */
  channelId: string;
  /** Null while the platform's details cannot be read. */
  summary: OrderSummary | null;
  /**
   * Platform events; `at` is when Comanda received them (one clock with the actions), and the
   * platform's `occurredAt` orders events received in the same instant (one poll).
   */
  events: ReadonlyArray<{ eventType: string; at: Date; occurredAt?: Date; metadata?: unknown }>;
  /** Local actions that the platform accepted; `at` is when it answered, `body` what was sent. */
  succeededActions: ReadonlyArray<{ action: string; at: Date; body?: unknown; actor?: string | null }>;
  /** Minutes the platform allows before it cancels an unconfirmed order. */
  confirmDeadlineMinutes: number;
  /** The store's usual preparation time: the promise when a confirm sent none (or came from elsewhere). */
  defaultPreparationMinutes?: number;
  /** False when the store's kitchen skips the "preparing" report. */
  reportPreparing?: boolean;
  /** The ticket's lines a cook marked done (item marks, a kitchen aid). */
  doneLines?: readonly number[];
  /** The store's kitchen stations, in order, and where each line goes; absent when it has none. */
  stations?: StationsInput;
  seq: number;
}

/**
 * Turns an order's events and local actions into its board card, flagged when implausible and
 * within the board's size limits (card-bounds.ts). Pure: no I/O, no clock.
 */
export function projectOrder(input: ProjectionInput): BoardOrder {
  return boundCard(projectFullCard(input));
}

function projectFullCard(input: ProjectionInput): BoardOrder {
  const signals = [
    ...input.events.map((event) => ({
      key: `event:${event.eventType}`,
      at: event.at.getTime(),
      then: event.occurredAt?.getTime() ?? 0,
      column: columnByEventType[event.eventType],
      metadata: event.metadata,
      local: false,
      recallFrom: undefined,
    })),
    ...input.succeededActions.map(({ action, at, body }) => ({
      key: `action:${action}`,
      at: at.getTime(),
      then: 0,
      column: isOrderAction(action) ? (columnAfterAction[action] ?? undefined) : undefined,
      metadata: undefined,
      local: true,
      recallFrom: action === RECALL_ACTION ? recalledFrom(body) : undefined,
    })),
  ].sort((a, b) => a.at - b.at || a.then - b.then);

  const reached: BoardColumn[] = [];
  const flags: CancellationFlags = { cancellationRequested: false, cancellationPending: false };
  let request: CancellationRequest | undefined;
  let cancelled: CancellationRequest | undefined;
  for (const signal of signals) {
    if (signal.column) reached.push(signal.column);
    Object.assign(flags, cancellationEffects[signal.key]);
    if (signal.key === REQUEST_KEY) request = cancellationRequestOf(signal.metadata);
    if (signal.key === CANCELLED_KEY) cancelled = cancellationRequestOf(signal.metadata);
  }
  // The store asked for it when Comanda's own request went through; the customer's code wins.
  const storeCancelled = signals.some((signal) => signal.key === "action:requestCancellation");
  const position = columnAfterSignals(signals);
  const column = position.column;
  const recall = position.recallIndex === null ? undefined : signals[position.recallIndex];
  const summary = input.summary;
  const preparingReported = signals.some(
    (signal) => signal.key === "event:PREPARING" || signal.key === "action:preparing",
  );
  const scheduled = summary?.timing === "SCHEDULED" && summary.preparationStartAt ? summary.preparationStartAt : null;
  const finished = column === "done" || column === "cancelled";
  // Judged against when Comanda first heard of the order, not the platform's own dates.
  const firstReceived = input.events.length > 0 ? Math.min(...input.events.map((event) => event.at.getTime())) : null;
  const implausible = summary
    ? plausibilityFlags({ summary, receivedAt: firstReceived === null ? null : new Date(firstReceived) })
    : [];
  // Unreadable details cannot be reviewed, so nothing may be done to the order from the board.
  const actions = summary
    ? allowedActions({
        column,
        orderType: summary.type,
        preparingReported,
        reportPreparing: input.reportPreparing ?? true,
        ...flags,
      })
    : [];
  const confirmBy = column === "new" && summary ? confirmDeadline(summary, input.confirmDeadlineMinutes) : null;
  // When the order reached the column it is in: the start of the stage its timer measures.
  const reachedAt = signals.find((signal) => signal.column === column)?.at;
  const promised = promisedMinutes(input.succeededActions, "confirm", ["preparationTime"]);
  // A scheduled order's clock starts when its time comes, not when it was confirmed or made early
  // (issue 27: no "3 h late" on an order confirmed at night for the morning): In preparation from
  // its preparation start, Ready from the time the customer chose.
  // Without the platform's preparation start, the kitchen starts its promised time before the
  // customer's (never from the confirm: "8 min atrasado" beside "Agendado para 06:30").
  const scheduledFrom =
    column === "preparing"
      ? Date.parse(scheduled ?? "") ||
        Date.parse(summary?.scheduledFor ?? "") -
          (promised ?? input.defaultPreparationMinutes ?? DEFAULT_PREPARATION_MINUTES) * 60_000
      : column === "ready"
        ? Date.parse(summary?.scheduledFor ?? "")
        : NaN;
  const stageStart =
    reachedAt !== undefined && Number.isFinite(scheduledFrom) && summary?.timing === "SCHEDULED"
      ? Math.max(reachedAt, scheduledFrom)
      : reachedAt;
  const eta = promisedMinutes(input.succeededActions, "dispatch", ["eta", "deliveryEtaInMinutes"]);
  // Where the platform's courier is (2.0 logistics facts): said on the card, never a column.
  const courier = finished
    ? undefined
    : latestCourierFact(
        signals.flatMap((signal) =>
          signal.local
            ? []
            : [{ eventType: signal.key.slice("event:".length), at: signal.at, metadata: signal.metadata }],
        ),
      );
  const autoAccepted = input.succeededActions.some(
    (done) => done.action === "confirm" && done.actor === AUTO_ACCEPT_ACTOR,
  );

  return {
    id: input.orderId,
    storeId: input.storeId,
    channelId: input.channelId,
    displayId: summary?.displayId ?? input.orderId.slice(0, 8),
    type: summary?.type ?? "UNKNOWN",
    customerName: summary?.customerName ?? null,
    itemCount: summary?.itemCount ?? 0,
    total: summary?.total ?? null,
    placedAt: summary?.placedAt ?? new Date(signals[0]?.at ?? 0).toISOString(),
    column,
    actions,
    detailsUnreadable: summary === null,
    confirmBy,
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
    ...(summary?.pickupCode && { pickupCode: summary.pickupCode }),
    ...routeLines(
      inRestaurantCodes(summary?.lines ?? [], input.stations, input.channelId),
      input.stations,
      input.doneLines ?? [],
    ),
    notes: summary?.notes ?? null,
    stageSince: stageStart === undefined ? null : new Date(stageStart).toISOString(),
    dueAt:
      column === "new"
        ? confirmBy
        : stageDue(column, stageStart, promised ?? input.defaultPreparationMinutes ?? DEFAULT_PREPARATION_MINUTES, eta),
    preparationMinutes: promised,
    ...(input.doneLines?.length && { doneLines: [...input.doneLines].sort((a, b) => a - b) }),
    ...flags,
    ...(flags.cancellationRequested && request && { cancellationRequest: request }),
    ...(column === "cancelled" &&
      cancelled && {
        cancelledBecause: {
          ...cancelled,
          by: cancelled.by === "platform" && storeCancelled ? "store" : cancelled.by,
          ...(cancelled.by === "platform" &&
            !storeCancelled &&
            missedConfirm(summary, reached, signals, input.confirmDeadlineMinutes) && { unconfirmed: true }),
        },
      }),
    ...(implausible.length > 0 && { flags: implausible }),
    ...(autoAccepted && { autoAccepted: true }),
    ...(position.platformColumn &&
      recall && { recalled: { platformColumn: position.platformColumn, at: new Date(recall.at).toISOString() } }),
    ...(!finished && statusUnconfirmed(signals) && { statusUnconfirmed: true }),
    ...(courier && { courier }),
    seq: input.seq,
  };
}

/**
 * Open Delivery 2.0: the last reconciliation could not confirm the card's status with the
 * platform (lib/sync/reconcile.ts) — Comanda's own marks, the last one in force.
 */
function statusUnconfirmed(signals: readonly { key: string }[]): boolean {
  const marks = signals.filter(
    (signal) => signal.key === `event:${STATUS_UNCONFIRMED_EVENT}` || signal.key === `event:${STATUS_CONFIRMED_EVENT}`,
  );
  return marks.at(-1)?.key === `event:${STATUS_UNCONFIRMED_EVENT}`;
}

type CancellationRequest = NonNullable<BoardOrder["cancellationRequest"]>;
const REQUEST_KEY = "event:ORDER_CANCELLATION_REQUEST";
const CANCELLED_KEY = "event:CANCELLED";
/** The Open Delivery code of a request the customer made; other codes come from the platform. */
const CUSTOMER_CODE = "CONSUMER_CANCELLATION_REQUESTED";
const MAX_REASON = 280;
const MAX_CODE = 80;

/** Who asks (or asked) and why, read defensively from the event's metadata (any of it may be missing). */
function cancellationRequestOf(metadata: unknown): CancellationRequest {
  const reason = isRecord(metadata) ? text(metadata.reason) : undefined;
  const code = isRecord(metadata) ? text(metadata.code) : undefined;
  return {
    by: code === CUSTOMER_CODE ? "customer" : "platform",
    reason: reason?.slice(0, MAX_REASON) ?? null,
    code: code?.slice(0, MAX_CODE) ?? null,
  };
}

/** A cancellation comes this long before the deadline on Comanda's clock and is still the deadline's (clocks differ). */
const DEADLINE_SKEW_MS = 60_000;

/**
 * The platform cancelled an order nobody confirmed, at (or past) its confirm deadline: the
 * standard has no code for it (the sandbox, like iFood, says OTHER_CANCELLATION_REASON and a
 * sentence), so it is read from what happened: never confirmed, cancelled when the time ran out.
 */
function missedConfirm(
  summary: OrderSummary | null,
  reached: readonly BoardColumn[],
  signals: ReadonlyArray<{ key: string; at: number; then: number }>,
  minutes: number,
): boolean {
  if (!summary || reached.some((column) => column !== "new" && column !== "cancelled")) return false;
  // The platform's own time of the cancellation, against the deadline from its own placedAt.
  const cancelled = signals.find((signal) => signal.key === CANCELLED_KEY);
  const cancelledAt = cancelled && (cancelled.then || cancelled.at);
  const deadline = Date.parse(confirmDeadline(summary, minutes));
  return cancelledAt !== undefined && cancelledAt >= deadline - DEADLINE_SKEW_MS;
}

/** The column a recall was made from (its body's `from`), or "none" when unreadable (it then moves nothing). */
function recalledFrom(body: unknown): BoardColumn | "none" {
  const from = isRecord(body) ? body.from : undefined;
  return BOARD_COLUMNS.find((column) => column === from) ?? "none";
}

/** Counted from the order's creation, or from the preparation start of a scheduled order. */
function confirmDeadline(summary: OrderSummary, minutes: number): string {
  const from =
    summary.timing === "SCHEDULED" && summary.preparationStartAt ? summary.preparationStartAt : summary.placedAt;
  return new Date(Date.parse(from) + minutes * 60_000).toISOString();
}

/** Used when neither the confirm nor the store says how long preparation takes. */
export const DEFAULT_PREPARATION_MINUTES = 20;
/** How long a ready order may wait for its courier or customer before the timer warns. */
export const READY_WAIT_MINUTES = 10;
/** How long a delivery is expected to take when the dispatch gave no ETA. */
export const DELIVERY_MINUTES = 30;

/**
 * When the order is expected to leave its current stage: the promise it was confirmed with, the
 * courier's ETA, or the usual wait. Null for finished orders and when the stage start is unknown.
 */
function stageDue(
  column: BoardColumn,
  stageStart: number | undefined,
  preparationMinutes: number,
  etaMinutes: number | null,
): string | null {
  if (stageStart === undefined) return null;
  const minutes =
    column === "preparing"
      ? preparationMinutes
      : column === "ready"
        ? READY_WAIT_MINUTES
        : column === "dispatched"
          ? (etaMinutes ?? DELIVERY_MINUTES)
          : null;
  return minutes === null ? null : new Date(stageStart + minutes * 60_000).toISOString();
}

/** A whole number of minutes at `path` in the body of the last successful `action`, or null. */
function promisedMinutes(
  actions: ProjectionInput["succeededActions"],
  action: string,
  path: readonly string[],
): number | null {
  const sent = actions.filter((entry) => entry.action === action).at(-1)?.body;
  let value: unknown = sent;
  for (const key of path)
    value = typeof value === "object" && value !== null ? (value as Record<string, unknown>)[key] : undefined;
  return typeof value === "number" && Number.isFinite(value) && value > 0 ? value : null;
}
