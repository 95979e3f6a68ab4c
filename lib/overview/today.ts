import "server-only";
import { and, gte, inArray, lt, sql } from "drizzle-orm";
import type { Database } from "@/lib/db";
import { orders } from "@/lib/db/schema";
import { DEFAULT_TIME_ZONE } from "@/lib/i18n/config";
import { addDays, localParts, startOfLocalDay } from "@/lib/time/local-days";

export interface DayFigures {
  /** Orders placed (any outcome). */
  orders: number;
  /** Revenue of orders confirmed and not cancelled, in the currency's units. */
  revenue: number;
}

export interface TodayFigures {
  today: DayFigures;
  /** The same weekday last week, up to the same time of day: a fair comparison at any hour. */
  lastWeek: DayFigures;
}

// Confirmed and not cancelled: the board columns after New, except Cancelled (as in reports).
const KEPT_COLUMNS = ["preparing", "ready", "dispatched", "done"];

async function figures(db: Database, storeIds: string[], from: Date, to: Date): Promise<Map<string, DayFigures>> {
  const rows = await db
    .select({
      storeId: orders.storeId,
      orders: sql<string>`count(*)`,
      revenue: sql<string>`coalesce(sum(case when ${inArray(orders.boardColumn, KEPT_COLUMNS)} then (${orders.board}->'total'->>'value')::numeric else 0 end), 0)`,
    })
    .from(orders)
    .where(and(inArray(orders.storeId, storeIds), gte(orders.placedAt, from), lt(orders.placedAt, to)))
    .groupBy(orders.storeId);
  return new Map(rows.map((row) => [row.storeId, { orders: Number(row.orders), revenue: Number(row.revenue) }]));
}

/** Today's orders and revenue per store, against the same weekday last week (each store's own days). */
export async function todayFigures(
  db: Database,
  stores: ReadonlyArray<{ id: string; timeZone?: string | null }>,
  now = new Date(),
): Promise<Map<string, TodayFigures>> {
  const result = new Map<string, TodayFigures>();
  const empty = { orders: 0, revenue: 0 };
  // Stores sharing a zone share their day: one query per zone and period.
  const byZone = new Map<string, string[]>();
  for (const store of stores) {
    const zone = store.timeZone || DEFAULT_TIME_ZONE;
    byZone.set(zone, [...(byZone.get(zone) ?? []), store.id]);
  }
  const weekMs = 7 * 24 * 3600_000;
  for (const [zone, ids] of byZone) {
    const day = localParts(now, zone).day;
    const start = startOfLocalDay(day, zone);
    const lastWeekStart = startOfLocalDay(addDays(day, -7), zone);
    const [today, lastWeek] = await Promise.all([
      figures(db, ids, start, new Date(now.getTime() + 1)),
      figures(db, ids, lastWeekStart, new Date(now.getTime() - weekMs + 1)),
    ]);
    for (const id of ids) result.set(id, { today: today.get(id) ?? empty, lastWeek: lastWeek.get(id) ?? empty });
  }
  return result;
}
