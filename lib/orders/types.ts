/**
 * Comanda's own view of an order, shared by the BFF (which computes it) and the board (which
 * renders it). Platform payloads are reshaped into these types once, at the boundary.
 */

export interface Money {
  value: number;
  currency: string;
}

/** Where an order sits on the kitchen board. Derived from its events and local actions. */
export type BoardColumn = "new" | "preparing" | "ready" | "dispatched" | "done" | "cancelled";

/** Actions staff can take on an order (the standard's names); the lifecycle table decides when. */
export const ORDER_ACTIONS = [
  "confirm",
  "preparing",
  "readyForPickup",
  "dispatch",
  "delivered",
  "pickedUp",
  "requestCancellation",
  "acceptCancellation",
  "denyCancellation",
] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

/** A card on the board: everything the board needs to render and act, nothing secret. */
export interface BoardOrder {
  id: string;
  storeId: string;
  displayId: string;
  /** DELIVERY, TAKEOUT, INDOOR — or an unknown value from the platform, kept as is. */
  type: string;
  customerName: string | null;
  itemCount: number;
  total: Money | null;
  /** When the customer placed the order (platform time, ISO 8601). */
  placedAt: string;
  column: BoardColumn;
  actions: OrderAction[];
  /** The platform's order details could not be read or parsed; the card says so. */
  detailsUnreadable: boolean;
  /** While New: when the platform cancels the order if nobody confirms it (ISO 8601). */
  confirmBy: string | null;
  /** Scheduled orders: the start of the customer's chosen window (ISO 8601). */
  scheduledFor: string | null;
  /** Scheduled orders: when the platform wants the kitchen to start (ISO 8601); null otherwise. */
  preparationStartAt?: string | null;
  /**
   * The platform said a scheduled order's preparation time came (PREPARATION_REQUESTED) or the
   * kitchen started it: it leaves the Scheduled lane whatever the clocks say.
   */
  preparationRequested?: boolean;
  /** Done or cancelled: when it got there (ISO 8601); the board lets it go two hours later. */
  finishedAt?: string | null;
  /** Cancelled after the kitchen had started it (confirmed, or ready): someone must stop cooking. */
  cancelledWhileCooking?: boolean;
  /** INDOOR orders: the table or tab, as the platform names it. */
  place?: string | null;
  /** What to make, for the board's all-day counts. Absent on cards stored before it existed. */
  lines?: KitchenLine[];
  /** The platform (usually the customer) asks to cancel; staff must accept or deny. */
  cancellationRequested: boolean;
  /** Staff asked the platform to cancel; its answer has not come yet. */
  cancellationPending: boolean;
  /** Sequence number of the last change to this card (monotonic across the whole board). */
  seq: number;
}

/** One item line as the kitchen makes it; option quantities are per unit of the item. */
export interface KitchenLine {
  name: string;
  quantity: number;
  options: Array<{ name: string; quantity: number }>;
}

/** GET /api/orders */
export interface BoardSnapshot {
  orders: BoardOrder[];
  /** The highest change sequence included; open the stream with `?after=` this. */
  lastSeq: number;
}

/** One thing that happened to an order (GET /api/orders/:id's timeline, oldest first). */
export interface TimelineEntry {
  at: string;
  kind: "event" | "action";
  /** The platform's event type (kept as sent, known or not) or our action's name. */
  name: string;
  /** Actions: succeeded, rejected (the platform's 422) or failed. */
  outcome?: string;
  actor?: string | null;
  responseStatus?: number | null;
}

/** Error body of every BFF route: a code for programs, a sentence for people. */
export interface ApiErrorBody {
  error: { code: string; message: string };
}

/** What Comanda keeps of the platform's order details (reshaped once, at the boundary). */
export interface OrderSummary {
  displayId: string;
  type: string;
  customerName: string | null;
  itemCount: number;
  total: Money | null;
  placedAt: string;
  /** INSTANT or SCHEDULED (or a newer value, kept). */
  timing: string;
  /** When the kitchen should start (the standard's preparationStartDateTime). */
  preparationStartAt: string | null;
  scheduledFor: string | null;
  /** INDOOR: the table (indoor.place) or tab (indoor.tab). Absent in summaries stored before it. */
  place?: string | null;
  lines?: KitchenLine[];
}
