import "server-only";
import { inArray } from "drizzle-orm";
import type { Database } from "@/lib/db";
import { platformEvents } from "@/lib/db/schema";
import type { InterchangeClient } from "@/lib/open-delivery/client";
import { PlatformError } from "@/lib/open-delivery/http";
import { parseOrderDetails } from "@/lib/open-delivery/order-summary";
import type { PlatformEvent } from "@/lib/open-delivery/schemas";
import { findOrder, reprojectOrder, writeBoard } from "@/lib/orders/repository";
import type { BoardOrder } from "@/lib/orders/types";

export interface IngestContext {
  db: Database;
  storeId: string;
  client: InterchangeClient;
  publish: (change: BoardOrder) => void;
}

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
      // Keep this order's later events back too, so they are never applied out of order.
      deferredOrders.add(event.orderId);
      console.warn(`[sync ${ctx.storeId}] order ${event.orderId} deferred: ${error.message}`);
    }
  }

  const toAcknowledge = batch.filter((event) => known.has(event.eventId) || !deferredOrders.has(event.orderId));
  if (toAcknowledge.length > 0) {
    await ctx.client.acknowledge(toAcknowledge.map(({ eventId, orderId, eventType }) => ({ id: eventId, orderId, eventType })));
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

/** Writes one new event, reading the order's details first when Comanda has none readable yet. */
async function storeEvent(ctx: IngestContext, event: PlatformEvent): Promise<BoardOrder | null> {
  const existing = await findOrder(ctx.db, event.orderId);
  let order = existing
    ? { summary: existing.summary, details: existing.details, detailsError: existing.detailsError }
    : undefined;
  if (!order || order.summary === null) {
    // Network I/O stays outside the transaction; a failure here defers the event.
    const raw = await ctx.client.getOrder(event.orderId, event.orderURL);
    const parsed = parseOrderDetails(raw);
    order = parsed.ok
      ? { summary: parsed.summary, details: raw, detailsError: null }
      : { summary: null, details: raw, detailsError: parsed.error };
  }
  const orderRow = { id: event.orderId, storeId: existing?.storeId ?? ctx.storeId, ...order };

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
