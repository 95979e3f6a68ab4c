import "server-only";
import { lockStoresForBoard, writeBoard } from "@/lib/db/board-writes";
import { insertEvents, markAcknowledged } from "@/lib/db/events";
import { findKnown } from "@/lib/db/order-reads";
import { reprojectOrders, type OrderRecord } from "@/lib/db/order-writes";
import { log } from "@/lib/log";
import { metrics } from "@/lib/metrics";
import type { PlatformEvent } from "@/lib/platform/interchange/schemas";
import type { DeliveryContext, IngestContext, IngestResult } from "./ingest-context";
import { merchantIdOf, readMissingDetails } from "./order-details";
import { storeOrQuarantine } from "./store-or-quarantine";

/**
 * Persist, then acknowledge. The new events of a delivery are written with their orders' details
 * and board cards in one transaction per store; only then are they acknowledged. A crash in
 * between only causes a redelivery, which the eventId primary key absorbs.
 */
export async function ingestEvents(ctx: DeliveryContext, events: readonly PlatformEvent[]): Promise<IngestResult> {
  const source = ctx.source ?? [...ctx.channels.keys()].join(",");
  const batch = inCreationOrder(uniqueById(events));
  const { eventIds: known, orders: storedOfBatch } = await findKnown(
    ctx.db,
    batch.map((event) => event.eventId),
    [...new Set(batch.map((event) => event.orderId))],
  );
  const unknown = batch.filter((event) => !known.has(event.eventId));
  const unknownOrders = new Set(unknown.map((event) => event.orderId));
  const stored = new Map([...storedOfBatch].filter(([orderId]) => unknownOrders.has(orderId)));

  const ours = ctx.channels;
  // An order already stored keeps its channel: this delivery speaks for it only when that channel is one of its own.
  const existing = new Map([...stored].filter(([, order]) => ours.has(order.channelId)));
  const { details, deferred } = await readMissingDetails(
    ctx,
    unknown.filter((event) => !stored.has(event.orderId) || existing.has(event.orderId)),
    existing,
  );
  const soleChannel = ours.size === 1 ? [...ours.keys()][0] : undefined;
  const routes = new Map<string, string>();
  const foreign = new Set<string>();
  for (const { orderId } of unknown) {
    if (deferred.has(orderId) || routes.has(orderId) || foreign.has(orderId)) continue;
    const merchant = stored.get(orderId)?.channelId ?? merchantIdOf(details.get(orderId)?.details) ?? soleChannel;
    if (merchant === undefined)
      // Details naming no merchant, on a delivery for several channels: the order cannot be placed;
      // left unacknowledged (the platform resends it) rather than stored under a guess.
      deferred.add(orderId);
    else if (ours.has(merchant)) routes.set(orderId, merchant);
    else foreign.add(orderId);
  }
  if (foreign.size > 0) {
    const refused = unknown.filter((event) => foreign.has(event.orderId)).length;
    metrics().eventsRefused.inc({ connection: source }, refused);
    log.warn({ source, orderIds: [...foreign] }, "events of an order of no channel of this delivery refused");
  }

  let storedCount = 0;
  for (const channelId of new Set(routes.values())) {
    const storeId = ours.get(channelId)!;
    const channelCtx: IngestContext = { ...ctx, storeId, channelId };
    const storable = unknown.filter((event) => routes.get(event.orderId) === channelId);
    const records = new Map(
      [...details]
        .filter(([orderId]) => routes.get(orderId) === channelId)
        .map(([id, read]) => [id, { id, storeId, channelId, ...read }]),
    );
    const count = await storeOrQuarantine(channelCtx, storable, new Set(existing.keys()), (group) =>
      writeEvents(channelCtx, group, records),
    );
    if (count > 0) metrics().eventsIngested.inc({ store: storeId }, count);
    storedCount += count;
  }

  // Acknowledge only after a fenced write: when nothing was written, an empty fenced transaction
  // proves this poller still holds the connection.
  if (ctx.fence && storedCount === 0 && batch.length > 0) await ctx.db.transaction((tx) => ctx.fence!(tx));
  const toAcknowledge = batch.filter((event) => known.has(event.eventId) || !deferred.has(event.orderId));
  const items = toAcknowledge.map(({ eventId, orderId, eventType }) => ({ id: eventId, orderId, eventType }));
  const { acknowledged, failure } = ctx.acknowledgedByAnswer
    ? { acknowledged: items, failure: undefined }
    : await ctx.client.acknowledge(items);
  await markAcknowledged(
    ctx.db,
    acknowledged.map((item) => item.id),
  );
  if (failure) {
    // Stored but unacknowledged events come back on the next poll, where deduplication absorbs them.
    metrics().acknowledgmentFailures.inc({ connection: source });
    throw failure;
  }

  return {
    received: events.length,
    stored: storedCount,
    duplicates: events.length - batch.length + known.size,
    acknowledged: acknowledged.length,
    deferred: batch.length - toAcknowledge.length,
  };
}

/** Stores events with their orders' details and board cards, in one transaction; says how many were new. */
async function writeEvents(
  ctx: IngestContext,
  events: readonly PlatformEvent[],
  details: ReadonlyMap<string, OrderRecord>,
): Promise<number> {
  let stored = 0;
  await writeBoard(ctx.db, async (tx) => {
    await ctx.fence?.(tx);
    // The store's write order from the start (reprojectOrders would take it after the inserts):
    // two writers of one store then never hold each other's rows and lock in opposite orders.
    await lockStoresForBoard(tx, [ctx.storeId]);
    const inserted = await insertEvents(tx, ctx, events);
    stored = inserted.stored;
    return reprojectOrders(
      tx,
      inserted.orderIds.map(
        (orderId) => details.get(orderId) ?? { id: orderId, storeId: ctx.storeId, channelId: ctx.channelId },
      ),
    );
  });
  return stored;
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
