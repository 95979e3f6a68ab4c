import "server-only";
import { and, eq, inArray, isNull } from "drizzle-orm";
import type { Database } from "@/lib/db";
import { orders, platformEvents } from "@/lib/db/schema";
import type { InterchangeClient } from "@/lib/open-delivery/client";
import { PlatformError } from "@/lib/open-delivery/http";
import { parseOrderDetails } from "@/lib/open-delivery/order-summary";
import type { PlatformEvent } from "@/lib/open-delivery/schemas";
import { findOrder, reprojectOrder, writeBoard } from "@/lib/orders/repository";
import type { BoardOrder } from "@/lib/orders/types";
import { log } from "@/lib/log";
import { metrics } from "@/lib/metrics";

export interface IngestContext {
  db: Database;
  storeId: string;
  client: InterchangeClient;
  publish: (change: BoardOrder) => void;
  /** Failed reads of an order's details so far, by order id (kept by the poller across polls). */
  detailFailures?: Map<string, number>;
}

/**
 * After this many failed reads of an order's details, its events are stored and acknowledged
 * anyway, the order shown flagged "details unreadable", and the reads go on in the background:
 * the kitchen sees the order instead of the platform resending it forever.
 */
export const PARK_AFTER_FAILURES = 5;

export interface IngestResult {
  received: number;
  stored: number;
  duplicates: number;
  acknowledged: number;
  /** Events left unacknowledged because their order could not be read; the platform resends them. */
  deferred: number;
}

/**
 * Persist, then acknowledge. Each new event is written with its order's details and board card
 * in one transaction; only then is it acknowledged. A crash in between only causes a
 * redelivery, which the eventId primary key absorbs.
 */
export async function ingestEvents(ctx: IngestContext, events: readonly PlatformEvent[]): Promise<IngestResult> {
  const batch = inCreationOrder(uniqueById(events));
  const known = await knownEventIds(ctx.db, batch.map((event) => event.eventId));
  const deferredOrders = new Set<string>();
  let stored = 0;

  for (const event of batch) {
    if (known.has(event.eventId) || deferredOrders.has(event.orderId)) continue;
    try {
      if (await storeEvent(ctx, event)) stored += 1;
    } catch (error) {
      if (!(error instanceof PlatformError)) throw error;
      const failures = (ctx.detailFailures?.get(event.orderId) ?? 0) + 1;
      ctx.detailFailures?.set(event.orderId, failures);
      if (failures >= PARK_AFTER_FAILURES) {
        if (await storeEvent(ctx, event, { summary: null, details: null, detailsError: `Could not be read: ${error.message}` })) stored += 1;
        continue;
      }
      // Keep this order's later events back too, so they are never applied out of order.
      deferredOrders.add(event.orderId);
      log.warn({ store: ctx.storeId, orderId: event.orderId, failures, err: error.message }, "order details unreadable; event deferred");
    }
  }

  if (stored > 0) metrics().eventsIngested.inc({ store: ctx.storeId }, stored);
  const toAcknowledge = batch.filter((event) => known.has(event.eventId) || !deferredOrders.has(event.orderId));
  if (toAcknowledge.length > 0) {
    await ctx.client
      .acknowledge(toAcknowledge.map(({ eventId, orderId, eventType }) => ({ id: eventId, orderId, eventType })))
      .catch((error: unknown) => {
        metrics().acknowledgmentFailures.inc({ store: ctx.storeId });
        throw error;
      });
    await ctx.db
      .update(platformEvents)
      .set({ acknowledgedAt: new Date() })
      .where(inArray(platformEvents.eventId, toAcknowledge.map((event) => event.eventId)));
  }

  return {
    received: events.length,
    stored,
    duplicates: events.length - batch.length + known.size,
    acknowledged: toAcknowledge.length,
    deferred: batch.length - toAcknowledge.length,
  };
}

type OrderDetails = Pick<NonNullable<Awaited<ReturnType<typeof findOrder>>>, "summary" | "details" | "detailsError">;

/**
 * Writes one new event, reading the order's details first when Comanda has none readable yet
 * (unless `parked` details are given: the order is stored flagged, without reading).
 */
async function storeEvent(ctx: IngestContext, event: PlatformEvent, parked?: OrderDetails): Promise<BoardOrder | null> {
  const existing = await findOrder(ctx.db, event.orderId);
  let order: OrderDetails | undefined = existing ?? parked;
  if (!order || (order.summary === null && !parked)) {
    // Network I/O stays outside the transaction; a failure here defers the event.
    order = await readDetails(ctx, event.orderId, event.orderURL);
    ctx.detailFailures?.delete(event.orderId);
  }
  const orderRow = { id: event.orderId, storeId: existing?.storeId ?? ctx.storeId, summary: order.summary, details: order.details, detailsError: order.detailsError };

  return writeBoard(ctx.db, async (tx) => {
    const inserted = await tx
      .insert(platformEvents)
      .values({
        eventId: event.eventId,
        storeId: ctx.storeId,
        orderId: event.orderId,
        eventType: event.eventType,
        occurredAt: new Date(event.createdAt),
        payload: event,
      })
      .onConflictDoNothing()
      .returning({ eventId: platformEvents.eventId });
    // Another path (a concurrent poll or webhook) stored it first: nothing changed.
    if (inserted.length === 0) return null;
    return reprojectOrder(tx, orderRow);
  }, ctx.publish);
}

async function readDetails(ctx: IngestContext, orderId: string, orderURL?: string): Promise<OrderDetails> {
  const raw = await ctx.client.getOrder(orderId, orderURL);
  const parsed = parseOrderDetails(raw);
  return parsed.ok ? { summary: parsed.summary, details: raw, detailsError: null } : { summary: null, details: raw, detailsError: parsed.error };
}

/**
 * Reads again the details of this store's orders that could not be read or parsed, so a flagged
 * order heals as soon as the platform answers properly. Failures wait for the next poll.
 */
export async function refreshUnreadableOrders(ctx: IngestContext, limit = 20): Promise<number> {
  const unreadable = await ctx.db
    .select()
    .from(orders)
    .where(and(eq(orders.storeId, ctx.storeId), isNull(orders.summary)))
    .limit(limit);
  let healed = 0;
  for (const row of unreadable) {
    const details = await readDetails(ctx, row.id).catch(() => undefined);
    if (!details?.summary) continue;
    await writeBoard(ctx.db, (tx) => reprojectOrder(tx, { id: row.id, storeId: row.storeId, ...details }), ctx.publish);
    healed += 1;
  }
  return healed;
}

function uniqueById(events: readonly PlatformEvent[]): PlatformEvent[] {
  const seen = new Map<string, PlatformEvent>();
  for (const event of events) if (!seen.has(event.eventId)) seen.set(event.eventId, event);
  return [...seen.values()];
}

/** Stable sort by createdAt: the platform's order is kept among events of the same instant. */
function inCreationOrder(events: PlatformEvent[]): PlatformEvent[] {
  return events
    .map((event, index) => ({ event, index, at: Date.parse(event.createdAt) }))
    .sort((a, b) => a.at - b.at || a.index - b.index)
    .map(({ event }) => event);
}

async function knownEventIds(db: Database, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ eventId: platformEvents.eventId })
    .from(platformEvents)
    .where(inArray(platformEvents.eventId, ids));
  return new Set(rows.map((row) => row.eventId));
}
