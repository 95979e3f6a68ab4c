import { orderFacts, type OrderFacts } from "./order-facts";
import { percentile } from "./percentile";
import type { ReportRange } from "./range";
import { localParts } from "@/lib/time/local-days";
import { storeTimeZone } from "./time-zone";
import { type ReportOrder } from "./types";
import {
  INITIATORS,
  STAGES,
  type Bucket,
  type ChannelFigures,
  type CountRow,
  type Delta,
  type PeriodSummary,
  type Report,
  type Stage,
} from "@/lib/contract/reports";

export interface ComputeOptions {
  storeIds: string[];
  timeZone: string;
  /** Per-store time zones, when known (see storeTimeZone). */
  storeZones?: ReadonlyMap<string, string>;
  /** The channels of the report's restaurants, named in perChannel (every one, even without orders). */
  channels?: ReadonlyArray<{
    id: string;
    restaurantId: string;
    kind?: "platform" | "own";
    label: string;
    color: string;
    platform: string | null;
  }>;
  /** When no order carries a total. */
  fallbackCurrency?: string;
}

interface Fact {
  order: ReportOrder;
  facts: OrderFacts;
  /** Revenue in cents, 0 for cancelled or never-confirmed orders and other currencies. */
  cents: number;
  /** Confirmed and not cancelled: a sale. */
  sold: boolean;
}

const cents = (value: number) => Math.round(value * 100);

/** The report's currency: the one most orders are in (stores sell in one; mixing is not summed). */
function mainCurrency(orders: readonly ReportOrder[], fallback: string): string {
  const counts = new Map<string, number>();
  for (const order of orders)
    if (order.total) counts.set(order.total.currency, (counts.get(order.total.currency) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0] ?? fallback;
}

function summarize(facts: readonly Fact[]): PeriodSummary {
  const orders = facts.length;
  const cancelled = facts.filter((fact) => fact.facts.cancellation).length;
  const revenueCents = facts.reduce((sum, fact) => sum + fact.cents, 0);
  // The average ticket is over the orders the revenue counts (confirmed, not cancelled).
  const kept = facts.filter((fact) => fact.sold).length;
  // Scheduled orders are placed hours ahead: time from creation says nothing about the kitchen.
  const timed = facts.filter((fact) => fact.order.timing !== "SCHEDULED");
  const speed = Object.fromEntries(
    STAGES.map((stage) => {
      const values = timed
        .map((fact) => fact.facts.stageSeconds[stage])
        .filter((value): value is number => value !== undefined);
      return [stage, { count: values.length, median: percentile(values, 50), p90: percentile(values, 90) }];
    }),
  ) as Record<Stage, PeriodSummary["speed"][Stage]>;
  return {
    orders,
    cancelled,
    revenue: revenueCents / 100,
    averageTicket: kept > 0 ? Math.round(revenueCents / kept) / 100 : null,
    cancellationRate: orders > 0 ? cancelled / orders : null,
    speed,
    scheduled: facts.length - timed.length,
  };
}

export function delta(current: number, previous: number): Delta {
  return { change: current - previous, ratio: previous !== 0 ? (current - previous) / previous : null };
}

function deltaOrNull(current: number | null, previous: number | null): Delta | null {
  return current === null || previous === null ? null : delta(current, previous);
}

function bucketBy<K extends string | number>(
  facts: readonly Fact[],
  keyOf: (fact: Fact) => K,
  keys: readonly K[] = [],
): Array<Bucket<K>> {
  const buckets = new Map<K, { orders: number; cents: number }>(keys.map((key) => [key, { orders: 0, cents: 0 }]));
  for (const fact of facts) {
    const key = keyOf(fact);
    const bucket = buckets.get(key) ?? { orders: 0, cents: 0 };
    bucket.orders += 1;
    bucket.cents += fact.cents;
    buckets.set(key, bucket);
  }
  const rows = [...buckets.entries()].map(([key, bucket]) => ({
    key,
    orders: bucket.orders,
    revenue: bucket.cents / 100,
  }));
  // Fixed axes (hours, days) keep their order; categories go largest first.
  return keys.length > 0
    ? rows
    : rows.sort((a, b) => b.orders - a.orders || String(a.key).localeCompare(String(b.key)));
}

/**
 * Each channel's summary of the current period: every platform channel of the report's
 * restaurants (in their order, even without orders), then any other channel the orders name (the
 * restaurant's own counter, phone… channels once they take orders, or one since removed). Summarized as the whole is, so the channels add up to the report's figures.
 */
function perChannel(facts: readonly Fact[], options: ComputeOptions): ChannelFigures[] {
  const groups = new Map<string, Fact[]>();
  for (const channel of options.channels ?? [])
    if (options.storeIds.includes(channel.restaurantId) && channel.kind !== "own") groups.set(channel.id, []);
  const storeOf = new Map<string, string>();
  for (const fact of facts) {
    const group = groups.get(fact.order.channelId) ?? [];
    group.push(fact);
    groups.set(fact.order.channelId, group);
    storeOf.set(fact.order.channelId, fact.order.storeId);
  }
  const known = new Map((options.channels ?? []).map((channel) => [channel.id, channel]));
  return [...groups.entries()].map(([id, group]) => {
    const channel = known.get(id);
    return {
      id,
      storeId: channel?.restaurantId ?? storeOf.get(id) ?? "",
      label: channel?.label ?? null,
      color: channel?.color ?? null,
      platform: channel?.platform ?? null,
      summary: summarize(group),
    };
  });
}

function countBy<K extends string>(keys: readonly K[], fixed: readonly K[] = []): Array<CountRow<K>> {
  const counts = new Map<K, number>(fixed.map((key) => [key, 0]));
  for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
  const rows = [...counts.entries()].map(([key, count]) => ({ key, count }));
  return fixed.length > 0 ? rows : rows.sort((a, b) => b.count - a.count || a.key.localeCompare(b.key));
}

/**
 * The whole report from the orders of both periods (each order counts in the period its
 * placedAt falls in). Orders count whatever became of them; revenue sums orderAmount of orders
 * confirmed and not cancelled; speed of service counts instant orders only, each stage measured from the
 * order's creation to the first event of that stage.
 */
export function computeReport(rows: readonly ReportOrder[], range: ReportRange, options: ComputeOptions): Report {
  const currency = mainCurrency(rows, options.fallbackCurrency ?? "BRL");
  const within = (period: { start: string; end: string }) => {
    const start = new Date(period.start).getTime();
    const end = new Date(period.end).getTime();
    return rows
      .filter((order) => order.placedAt.getTime() >= start && order.placedAt.getTime() < end)
      .map((order): Fact => {
        const facts = orderFacts(order);
        // Revenue is what was sold: orders confirmed and not cancelled (a never-confirmed order is not a sale).
        const sold = !facts.cancellation && facts.stageSeconds.confirm !== undefined;
        const counted = sold && order.total?.currency === currency;
        return { order, facts, sold, cents: counted && order.total ? cents(order.total.value) : 0 };
      });
  };
  const current = within(range.current);
  const previous = within(range.previous);
  const now = summarize(current);
  const before = summarize(previous);
  const local = (fact: Fact) => localParts(fact.order.placedAt, storeTimeZone(fact.order.storeId, options.storeZones));
  const cancellations = current.flatMap((fact) => (fact.facts.cancellation ? [fact.facts.cancellation] : []));

  return {
    timeZone: options.timeZone,
    currency,
    storeIds: options.storeIds,
    current: { ...range.current, summary: now },
    previous: { ...range.previous, summary: before },
    deltas: {
      orders: delta(now.orders, before.orders),
      revenue: delta(now.revenue, before.revenue),
      averageTicket: deltaOrNull(now.averageTicket, before.averageTicket),
      cancellationRate: deltaOrNull(now.cancellationRate, before.cancellationRate),
      confirmMedian: deltaOrNull(now.speed.confirm.median, before.speed.confirm.median),
      readyMedian: deltaOrNull(now.speed.ready.median, before.speed.ready.median),
    },
    byHour: bucketBy(
      current,
      (fact) => local(fact).hour,
      Array.from({ length: 24 }, (_, hour) => hour),
    ),
    byDay: bucketBy(current, (fact) => local(fact).day, range.days),
    byType: bucketBy(current, (fact) => fact.order.type),
    byChannel: bucketBy(current, (fact) => fact.order.channel ?? ""),
    perChannel: perChannel(current, options),
    byBrand: current.some((fact) => fact.order.brand) ? bucketBy(current, (fact) => fact.order.brand ?? "") : [],
    cancellations: {
      byReason: countBy(cancellations.map((cancellation) => cancellation.code)),
      byInitiator: countBy(
        cancellations.map((cancellation) => cancellation.initiator),
        INITIATORS,
      ),
    },
  };
}
