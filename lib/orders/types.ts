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

/** Actions staff can take on an order; the lifecycle table decides which are allowed when. */
export type OrderAction = "confirm";

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
  /** Sequence number of the last change to this card (monotonic across the whole board). */
  seq: number;
}

/** GET /api/orders */
export interface BoardSnapshot {
  orders: BoardOrder[];
  /** The highest change sequence included; open the stream with `?after=` this. */
  lastSeq: number;
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
}
