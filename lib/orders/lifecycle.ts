import type { BoardColumn, OrderAction } from "@/lib/contract/board";

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
  // Open Delivery 2.0: the platform's courier collected the bag (status IN_DELIVERY).
  ORDER_COLLECTED: "dispatched",
  DELIVERED: "done",
  PICKED_UP: "done",
  CONCLUDED: "done",
  CANCELLED: "cancelled",
};

/** Where a successful local action puts an order, before the platform's event confirms it. */
export const columnAfterAction: Readonly<Record<OrderAction, BoardColumn | null>> = {
  confirm: "preparing",
  preparing: "preparing",
  readyForPickup: "ready",
  dispatch: "dispatched",
  delivered: "done",
  pickedUp: "done",
  // Only the platform's CANCELLED event cancels a merchant's request: it may still deny it.
  requestCancellation: null,
  // Accepting the platform's request is final: the kitchen must stop at once.
  acceptCancellation: "cancelled",
  denyCancellation: null,
};

type TypedActions = Partial<Record<string, readonly OrderAction[]>>;

/**
 * The forward actions each column allows, by order type ("*" for any type, including types the
 * standard may add later). TAKEOUT ends with pickedUp (the standard allows it for TAKEOUT only),
 * DELIVERY with dispatch and delivered, INDOOR with delivered (served at the table).
 */
const forwardActions: Readonly<Record<BoardColumn, TypedActions>> = {
  new: { "*": ["confirm"] },
  // Confirmed orders are already being made: "ready" is the primary step, and reporting
  // "preparing" (optional in the standard) comes after it, as a secondary button.
  preparing: {
    DELIVERY: ["readyForPickup", "dispatch", "preparing"],
    "*": ["readyForPickup", "preparing"],
  },
  ready: { DELIVERY: ["dispatch"], TAKEOUT: ["pickedUp"], "*": ["delivered"] },
  dispatched: { DELIVERY: ["delivered"], "*": [] },
  done: {},
  cancelled: {},
};

/** Columns from which the merchant may still ask the platform to cancel. */
const cancellableColumns: ReadonlySet<BoardColumn> = new Set(["new", "preparing", "ready"]);

export interface LifecycleState {
  column: BoardColumn;
  orderType: string;
  /** The kitchen already reported PREPARING (it is reported once). */
  preparingReported: boolean;
  /** False when the store skips the "preparing" report altogether. Default true. */
  reportPreparing?: boolean;
  cancellationRequested: boolean;
  cancellationPending: boolean;
}

/** What staff may do now, in the order the board offers them (primary action first). */
export function allowedActions(state: LifecycleState): OrderAction[] {
  const byType = forwardActions[state.column];
  const actions = [...(byType[state.orderType] ?? byType["*"] ?? [])].filter(
    (action) => !(action === "preparing" && (state.preparingReported || state.reportPreparing === false)),
  );
  if (cancellableColumns.has(state.column) && !state.cancellationPending && !state.cancellationRequested) {
    actions.push("requestCancellation");
  }
  if (state.cancellationRequested && state.column !== "cancelled" && state.column !== "done") {
    actions.push("acceptCancellation", "denyCancellation");
  }
  return actions;
}

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

/**
 * The local action that undoes the kitchen's last step (issue 27, docs/kitchen.md): recorded with
 * the actions, never sent to the platform (the standard has no way back).
 */
export const RECALL_ACTION = "recall";

/** Columns a card can be recalled from: a bump's results (a confirm is not undone, nor a cancel). */
export const RECALLABLE_COLUMNS: ReadonlySet<BoardColumn> = new Set(["ready", "dispatched", "done"]);

/** What moves an order: a column it reached (a platform event or a local action), or a recall. */
export interface ColumnSignal {
  column?: BoardColumn;
  /** A local action's result (Comanda's own), not the platform's event. */
  local: boolean;
  /** A recall of the card from this column (what the cook saw when they recalled it). */
  recallFrom?: BoardColumn | "none";
}

/**
 * Where the order stands after its signals, in the order Comanda received them: the furthest
 * column reached (late or repeated events change nothing; a cancellation ends it), except that a
 * recall takes the card back one step, to the furthest earlier column it reached (never back to
 * New: a confirm stands). While recalled, `platformColumn` is where the platform still holds it:
 * the platform's own events up to there are echoes of the step the kitchen recalled and move
 * nothing; a local action (the kitchen bumps it again) or a platform event beyond it moves the
 * card on as usual and ends the recall.
 */
export function columnAfterSignals(signals: Iterable<ColumnSignal>): {
  column: BoardColumn;
  platformColumn: BoardColumn | null;
  /** Index (in `signals`) of the recall in force, when one is. */
  recallIndex: number | null;
} {
  let column: BoardColumn = "new";
  let held: BoardColumn | null = null;
  let recallIndex: number | null = null;
  const reached: BoardColumn[] = [];
  let index = -1;
  for (const signal of signals) {
    index += 1;
    if (signal.recallFrom !== undefined) {
      if (signal.recallFrom !== column || !RECALLABLE_COLUMNS.has(column)) continue;
      const back = stepBack(column, reached);
      if (!back) continue;
      if (held === null || rank(column) > rank(held)) held = column;
      column = back;
      recallIndex = index;
      continue;
    }
    const reachedColumn = signal.column;
    if (!reachedColumn) continue;
    reached.push(reachedColumn);
    if (column === "cancelled") continue;
    if (reachedColumn === "cancelled") {
      column = "cancelled";
      held = null;
      recallIndex = null;
      continue;
    }
    if (held !== null && !signal.local && rank(reachedColumn) <= rank(held)) continue;
    if (rank(reachedColumn) > rank(column)) column = reachedColumn;
    if (held !== null && rank(column) >= rank(held)) {
      held = null;
      recallIndex = null;
    }
  }
  return { column, platformColumn: held, recallIndex };
}

/**
 * The platform already holds what `action` does to this recalled card (a cook bumps again what
 * they recalled): its "already done" answer (422) is the step done, not a failure.
 */
export function recallCovers(
  card: { recalled?: { platformColumn: BoardColumn } | undefined },
  action: OrderAction,
): boolean {
  const to = columnAfterAction[action];
  return Boolean(card.recalled && to && to !== "cancelled" && rank(to) <= rank(card.recalled.platformColumn));
}

function rank(column: BoardColumn): number {
  return progression.indexOf(column);
}

/** The furthest column before `column` the order reached, from In preparation on; null if none. */
function stepBack(column: BoardColumn, reached: readonly BoardColumn[]): BoardColumn | null {
  let back: BoardColumn | null = null;
  for (const earlier of reached) {
    if (earlier === "cancelled" || rank(earlier) >= rank(column) || rank(earlier) < rank("preparing")) continue;
    if (back === null || rank(earlier) > rank(back)) back = earlier;
  }
  return back;
}

export function isOrderAction(value: string): value is OrderAction {
  return Object.hasOwn(columnAfterAction, value);
}

export interface CancellationFlags {
  cancellationRequested: boolean;
  cancellationPending: boolean;
}

/**
 * How each event or action opens or closes a cancellation request, applied in the order Comanda
 * received them: `requested` is the platform's request awaiting our answer, `pending` ours
 * awaiting the platform's.
 */
export const cancellationEffects: Readonly<Record<string, Partial<CancellationFlags>>> = {
  "event:ORDER_CANCELLATION_REQUEST": { cancellationRequested: true },
  "event:CANCELLED_DENIED": { cancellationRequested: false },
  "event:CANCELLATION_REQUESTED": { cancellationPending: true },
  "event:CANCELLATION_REQUEST_DENIED": { cancellationPending: false },
  "event:CANCELLED": { cancellationRequested: false, cancellationPending: false },
  "action:requestCancellation": { cancellationPending: true },
  "action:acceptCancellation": { cancellationRequested: false },
  "action:denyCancellation": { cancellationRequested: false },
};
