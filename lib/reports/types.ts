import type { Money } from "@/lib/contract/board";

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

/** Speed-of-service stages, each measured from the order's creation (placedAt). */
export const STAGES = ["confirm", "ready", "dispatch", "delivery"] as const;
export type Stage = (typeof STAGES)[number];

/** Who started a cancellation. "platform" covers the platform's own and automatic ones. */
export const INITIATORS = ["merchant", "customer", "platform"] as const;
export type Initiator = (typeof INITIATORS)[number];

export interface StageStats {
  /** Orders that reached the stage (and count for speed, see computeReport). */
  count: number;
  /** Seconds, nearest-rank percentiles (lib/reports/percentile.ts); null without data. */
  median: number | null;
  p90: number | null;
}

export interface PeriodSummary {
  orders: number;
  cancelled: number;
  /** Sum of orderAmount of orders confirmed and not cancelled, in the report's currency. */
  revenue: number;
  /** revenue ÷ orders confirmed and not cancelled; null when there are none. */
  averageTicket: number | null;
  /** cancelled ÷ orders; null when there are no orders. */
  cancellationRate: number | null;
  speed: Record<Stage, StageStats>;
  /** Scheduled orders: counted everywhere except speed of service. */
  scheduled: number;
}

export interface Delta {
  change: number;
  /** change ÷ previous; null when the previous value is 0 or unknown. */
  ratio: number | null;
}

export interface Bucket<K extends string | number = string> {
  key: K;
  orders: number;
  revenue: number;
}

export interface CountRow<K extends string = string> {
  key: K;
  count: number;
}

export interface ReportPeriod {
  /** Inclusive local dates YYYY-MM-DD, and the UTC instants [start, end). */
  from: string;
  to: string;
  start: string;
  end: string;
}

export interface Report {
  timeZone: string;
  currency: string;
  storeIds: string[];
  current: ReportPeriod & { summary: PeriodSummary };
  previous: ReportPeriod & { summary: PeriodSummary };
  deltas: {
    orders: Delta;
    revenue: Delta;
    averageTicket: Delta | null;
    cancellationRate: Delta | null;
    confirmMedian: Delta | null;
    readyMedian: Delta | null;
  };
  /** 24 buckets, local hour of the order's store, current period. */
  byHour: Array<Bucket<number>>;
  /** Every local day of the current period, empty days included. */
  byDay: Bucket[];
  byType: Bucket[];
  byChannel: Bucket[];
  byBrand: Bucket[];
  cancellations: { byReason: CountRow[]; byInitiator: Array<CountRow<Initiator>> };
}
