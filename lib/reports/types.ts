import type { Money } from "@/lib/contract/board";

// What the report reads; what it answers (Report and its parts) is the contract's
// (lib/contract/reports.ts).

/** One platform event of an order, as the report needs it. `at` is the platform's time. */
export interface ReportEvent {
  type: string;
  at: Date;
  /** The cancellation family's {reason, code}; absent for other events. */
  code: string | null;
}

/** One of our requestCancellation calls (order_actions), with the code staff chose. */
export interface ReportAction {
  action: string;
  outcome: string;
  at: Date;
  code: string | null;
}

/** What the loader reads of one order: its facts and the events and actions behind them. */
export interface ReportOrder {
  id: string;
  storeId: string;
  /** The Comanda channel the order came from (issue 28; orders.channel_id). */
  channelId: string;
  /** DELIVERY, TAKEOUT, INDOOR, or an unknown value kept as is. */
  type: string;
  /** INSTANT, SCHEDULED, … */
  timing: string;
  /** The Open Delivery order's salesChannel (e.g. the platform's app or site). */
  channel: string | null;
  /** The Open Delivery order's virtualBrand (one kitchen selling under several names). */
  brand: string | null;
  total: Money | null;
  placedAt: Date;
  events: ReportEvent[];
  actions: ReportAction[];
}
