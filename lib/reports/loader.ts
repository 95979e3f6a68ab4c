import "server-only";
import { and, eq, gte, inArray, lt, sql } from "drizzle-orm";
import type { Database } from "@/lib/db";
import { orderActions, orders, platformEvents } from "@/lib/db/schema";
import { actionOfOrder, eventOfOrder } from "@/lib/db/order-scope";
import type { Money } from "@/lib/contract/board";
import type { ReportOrder } from "./types";

/** Only these events say anything a report uses (stages and the cancellation family). */
const REPORT_EVENT_TYPES = [
  "CONFIRMED",
  "READY_FOR_PICKUP",
  "DISPATCHED",
  "DELIVERED",
  "PICKED_UP",
  "CANCELLATION_REQUESTED",
  "ORDER_CANCELLATION_REQUEST",
  "CANCELLED",
];

export interface LoadWindow {
  storeIds: readonly string[];
  /** [start, end) on the order's placedAt (the previous period's start to the current end). */
  start: Date;
  end: Date;
}

/**
 * Reads what a report needs of the orders placed in the window at the given stores: three
 * queries, each scoped by store and placedAt, whatever the number of orders. The aggregation is
 * pure code (compute.ts) so it can be tested against figures worked out by hand.
 */
export async function loadReportOrders(db: Database, window: LoadWindow): Promise<ReportOrder[]> {
  if (window.storeIds.length === 0) return [];
  const inWindow = and(
    inArray(orders.storeId, [...window.storeIds]),
    gte(orders.placedAt, window.start),
    lt(orders.placedAt, window.end),
  );

  const orderRows = await db
    .select({
      id: orders.id,
      storeId: orders.storeId,
      channelId: orders.channelId,
      placedAt: orders.placedAt,
      // The summary is ours; when the details could not be read, the card still has type and total.
      type: sql<string>`coalesce(${orders.summary}->>'type', ${orders.board}->>'type')`,
      timing: sql<string | null>`${orders.summary}->>'timing'`,
      total: sql<Money | null>`coalesce(${orders.summary}->'total', ${orders.board}->'total')`,
      channel: sql<string | null>`${orders.details}->>'salesChannel'`,
      brand: sql<string | null>`${orders.details}->>'virtualBrand'`,
    })
    .from(orders)
    .where(inWindow);

  const eventRows = await db
    .select({
      orderId: platformEvents.orderId,
      type: platformEvents.eventType,
      at: platformEvents.occurredAt,
      code: sql<string | null>`${platformEvents.payload}->'metadata'->>'code'`,
    })
    .from(platformEvents)
    .innerJoin(orders, eventOfOrder)
    .where(and(inWindow, inArray(platformEvents.eventType, REPORT_EVENT_TYPES)));

  const actionRows = await db
    .select({
      orderId: orderActions.orderId,
      action: orderActions.action,
      outcome: orderActions.outcome,
      at: orderActions.completedAt,
      code: sql<string | null>`${orderActions.requestBody}->>'code'`,
    })
    .from(orderActions)
    .innerJoin(orders, actionOfOrder)
    .where(and(inWindow, eq(orderActions.action, "requestCancellation")));

  const byId = new Map<string, ReportOrder>();
  for (const row of orderRows) {
    byId.set(row.id, {
      id: row.id,
      storeId: row.storeId,
      channelId: row.channelId,
      type: row.type ?? "UNKNOWN",
      timing: row.timing ?? "INSTANT",
      channel: row.channel,
      brand: row.brand,
      total: isMoney(row.total) ? row.total : null,
      placedAt: row.placedAt,
      events: [],
      actions: [],
    });
  }
  for (const row of eventRows)
    byId.get(row.orderId)?.events.push({ type: row.type, at: toDate(row.at), code: row.code });
  for (const row of actionRows)
    byId
      .get(row.orderId)
      ?.actions.push({ action: row.action, outcome: row.outcome, at: toDate(row.at), code: row.code });
  return [...byId.values()];
}

function isMoney(value: unknown): value is Money {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as Money).value === "number" &&
    typeof (value as Money).currency === "string"
  );
}

function toDate(value: Date | string): Date {
  return value instanceof Date ? value : new Date(value);
}
