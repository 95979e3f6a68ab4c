import { z } from "zod";
import { calendarDay, textId } from "./text";

/** The longest range a report covers (and its previous period as much again). */
export const MAX_RANGE_DAYS = 93;

/** Days from `from` to `to`, both included (0 when `to` is before `from`). */
function dayCount(from: string, to: string): number {
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;
  return Math.max(0, days + 1);
}

/** The report's filters, from a URL's search parameters (the page's and the API's). */
export const reportQuerySchema = z
  .object({
    from: calendarDay.optional(),
    to: calendarDay.optional(),
    store: textId.optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: "from must not be after to", path: ["from"] })
  .refine((q) => !q.from || !q.to || dayCount(q.from, q.to) <= MAX_RANGE_DAYS, {
    message: `a report covers at most ${MAX_RANGE_DAYS} days`,
    path: ["to"],
    // Counting days needs two valid days: only when every field passed.
    when: (payload) => payload.issues.length === 0,
  });

export type ReportQueryInput = z.infer<typeof reportQuerySchema>;

/** Speed-of-service stages, each measured from the order's creation (placedAt). */
export const STAGES = ["confirm", "ready", "dispatch", "delivery"] as const;
export type Stage = (typeof STAGES)[number];

/** Who started a cancellation. "platform" covers the platform's own and automatic ones. */
export const INITIATORS = ["merchant", "customer", "platform"] as const;
export type Initiator = (typeof INITIATORS)[number];

const stageStatsSchema = z.object({
  /** Orders that reached the stage (and count for speed, see computeReport). */
  count: z.number(),
  /** Seconds, nearest-rank percentiles (lib/reports/percentile.ts); null without data. */
  median: z.number().nullable(),
  p90: z.number().nullable(),
});

const periodSummarySchema = z.object({
  orders: z.number(),
  cancelled: z.number(),
  /** Sum of orderAmount of orders confirmed and not cancelled, in the report's currency. */
  revenue: z.number(),
  /** revenue ÷ orders confirmed and not cancelled; null when there are none. */
  averageTicket: z.number().nullable(),
  /** cancelled ÷ orders; null when there are no orders. */
  cancellationRate: z.number().nullable(),
  speed: z.object({
    confirm: stageStatsSchema,
    ready: stageStatsSchema,
    dispatch: stageStatsSchema,
    delivery: stageStatsSchema,
  }) satisfies z.ZodType<Record<Stage, unknown>>,
  /** Scheduled orders: counted everywhere except speed of service. */
  scheduled: z.number(),
});
export type PeriodSummary = z.infer<typeof periodSummarySchema>;

/**
 * One channel of the report's restaurants (issue 28) and its figures for the current period, as
 * the report's own summary measures them: the channels' orders, cancellations and revenue add up
 * to the report's.
 */
const channelFiguresSchema = z.object({
  id: z.string(),
  /** The restaurant the channel belongs to. */
  storeId: z.string(),
  /** The label and colour a manager picked; null for a channel no longer configured. */
  label: z.string().nullable(),
  color: z.string().nullable(),
  /** The platform's name; null for the restaurant's own channel (or one no longer configured). */
  platform: z.string().nullable(),
  summary: periodSummarySchema,
});
export type ChannelFigures = z.infer<typeof channelFiguresSchema>;

const deltaSchema = z.object({
  change: z.number(),
  /** change ÷ previous; null when the previous value is 0 or unknown. */
  ratio: z.number().nullable(),
});
export type Delta = z.infer<typeof deltaSchema>;

const bucketSchema = <K extends z.ZodType<string | number>>(key: K) =>
  z.object({ key, orders: z.number(), revenue: z.number() });
export interface Bucket<K extends string | number = string> {
  key: K;
  orders: number;
  revenue: number;
}

const countRowSchema = <K extends z.ZodType<string>>(key: K) => z.object({ key, count: z.number() });
export interface CountRow<K extends string = string> {
  key: K;
  count: number;
}

const reportPeriodSchema = z.object({
  /** Inclusive local dates YYYY-MM-DD, and the UTC instants [start, end). */
  from: z.string(),
  to: z.string(),
  start: z.string(),
  end: z.string(),
});
export type ReportPeriod = z.infer<typeof reportPeriodSchema>;

/** GET /api/manager/reports: the figures of a range and of the period before it. */
export const reportSchema = z.object({
  timeZone: z.string(),
  currency: z.string(),
  storeIds: z.array(z.string()),
  current: reportPeriodSchema.extend({ summary: periodSummarySchema }),
  previous: reportPeriodSchema.extend({ summary: periodSummarySchema }),
  deltas: z.object({
    orders: deltaSchema,
    revenue: deltaSchema,
    averageTicket: deltaSchema.nullable(),
    cancellationRate: deltaSchema.nullable(),
    confirmMedian: deltaSchema.nullable(),
    readyMedian: deltaSchema.nullable(),
  }),
  /** 24 buckets, local hour of the order's store, current period. */
  byHour: z.array(bucketSchema(z.number())),
  /** Every local day of the current period, empty days included. */
  byDay: z.array(bucketSchema(z.string())),
  byType: z.array(bucketSchema(z.string())),
  /** The Open Delivery orders' salesChannel (the platform's app, site…), not Comanda's channels. */
  byChannel: z.array(bucketSchema(z.string())),
  /** Comanda's channels (issue 28), each restaurant's in its order, then any no longer configured. */
  perChannel: z.array(channelFiguresSchema),
  byBrand: z.array(bucketSchema(z.string())),
  cancellations: z.object({
    byReason: z.array(countRowSchema(z.string())),
    byInitiator: z.array(countRowSchema(z.enum(INITIATORS))),
  }),
});
export type Report = z.infer<typeof reportSchema>;
