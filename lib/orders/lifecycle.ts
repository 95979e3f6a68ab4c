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
