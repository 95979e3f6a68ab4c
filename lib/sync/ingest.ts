import "server-only";
import type { Database, DatabaseTransaction } from "@/lib/db";
import { lockStoresForBoard, writeBoard } from "@/lib/db/board-writes";
import { insertEvents, knownEventIds, markAcknowledged } from "@/lib/db/events";
import { findStoredOrders, findUnreadableOrders, type StoredOrder } from "@/lib/db/order-reads";
import { reprojectOrder, reprojectOrders, type OrderRecord } from "@/lib/db/order-writes";
import { log } from "@/lib/log";
import { metrics } from "@/lib/metrics";
import type { InterchangeClient } from "@/lib/platform/interchange/client";
import { PlatformError } from "@/lib/platform/errors";
import { parseOrderDetails } from "@/lib/platform/interchange/order-summary";
import type { PlatformEvent } from "@/lib/platform/interchange/schemas";
import type { BoardOrder } from "@/lib/contract/board";
import { z } from "zod";
import { storeOrQuarantine } from "./store-or-quarantine";

/** What ingesting needs for one store (its writes, its unreadable orders). */
export interface IngestContext {
  db: Database;
  storeId: string;
  client: InterchangeClient;
  publish: (change: BoardOrder) => void;
  /**
   * The poller's lease check (lib/sync/leases.ts): run inside each write's transaction, it throws
   * when another instance took the connection over, so a stale poller neither writes nor acknowledges.
   */
  fence?: (tx: DatabaseTransaction) => Promise<void>;
  /** Failed reads of an order's details so far, by order id (kept by the poller across polls). */
  detailFailures?: Map<string, number>;
  /**
   * Told of every failed or unreadable read of an order's details (the poller's recent errors),
   * with the order's store when it is known yet.
   */
  onDetailsError?: (orderId: string, error: Error, storeId?: string) => void | Promise<void>;
}

/**
 * One delivery of events (a poll naming some merchants, a webhook for one): the stores it may be
 * stored under. Each event goes to its order's store: the store an order already stored has, or
 * for a new order the merchant its details name (`merchant.id`) — or, when the delivery is for
 * one store only, that store if the details name none. An event whose order belongs to no store
 * of the delivery is acknowledged and logged, never stored (nor under the wrong store).
 */
export type DeliveryContext = Omit<IngestContext, "storeId"> & {
  storeIds: readonly string[];
  /** Who delivered, for logs and metrics (the connection); the stores joined by default. */
  source?: string;
};

export interface IngestResult {
  received: number;
  stored: number;
  duplicates: number;
  acknowledged: number;
  /** Events left unacknowledged because their order could not be read; the platform resends them. */
  deferred: number;
}

/**
 * After this many failed reads of an order's details, its events are stored and acknowledged
 * anyway, the order shown flagged "details unreadable", and the reads go on in the background:
 * the kitchen sees the order instead of the platform resending it forever.
 */
export const PARK_AFTER_FAILURES = 5;

/**
 * Orders whose failed detail reads a poller remembers. The poller lives as long as the process
 * and a hostile platform can name endless orders: past this, the oldest entry is forgotten (that
 * order's count starts again), so memory stays bounded.
 */
export const MAX_TRACKED_DETAIL_FAILURES = 1_000;

/** Order details read from the platform at once, per poll. */
const DETAIL_READ_CONCURRENCY = 8;

type OrderDetails = Omit<OrderRecord, "id" | "storeId"> & { details: unknown };

/**
 * Persist, then acknowledge. The new events of a delivery are written with their orders' details
 * and board cards in one transaction per store; only then are they acknowledged. A crash in
 * between only causes a redelivery, which the eventId primary key absorbs.
 */
export async function ingestEvents(ctx: DeliveryContext, events: readonly PlatformEvent[]): Promise<IngestResult> {
  const source = ctx.source ?? ctx.storeIds.join(",");
  const batch = inCreationOrder(uniqueById(events));
  const known = await knownEventIds(
    ctx.db,
    batch.map((event) => event.eventId),
  );
  const unknown = batch.filter((event) => !known.has(event.eventId));

  const ours = new Set(ctx.storeIds);
  const stored = await findStoredOrders(ctx.db, [...new Set(unknown.map((event) => event.orderId))]);
  // An order already stored keeps its store: this delivery speaks for it only when that store is one of its own.
  const existing = new Map([...stored].filter(([, order]) => ours.has(order.storeId)));
  const { details, deferred } = await readMissingDetails(
    ctx,
    unknown.filter((event) => !stored.has(event.orderId) || existing.has(event.orderId)),
    existing,
  );
  const soleStore = ctx.storeIds.length === 1 ? ctx.storeIds[0] : undefined;
  const routes = new Map<string, string>();
  const foreign = new Set<string>();
  for (const { orderId } of unknown) {
    if (deferred.has(orderId) || routes.has(orderId) || foreign.has(orderId)) continue;
    const merchant = stored.get(orderId)?.storeId ?? merchantIdOf(details.get(orderId)?.details) ?? soleStore;
    if (merchant === undefined)
      // Details naming no merchant, on a delivery for several stores: the order cannot be placed;
      // left unacknowledged (the platform resends it) rather than stored under a guess.
      deferred.add(orderId);
    else if (ours.has(merchant)) routes.set(orderId, merchant);
    else foreign.add(orderId);
  }
  if (foreign.size > 0) {
    const refused = unknown.filter((event) => foreign.has(event.orderId)).length;
    metrics().eventsRefused.inc({ connection: source }, refused);
    log.warn({ source, orderIds: [...foreign] }, "events of an order of no store of this delivery refused");
  }

  let storedCount = 0;
  for (const storeId of new Set(routes.values())) {
    const storeCtx: IngestContext = { ...ctx, storeId };
    const storable = unknown.filter((event) => routes.get(event.orderId) === storeId);
    const records = new Map(
      [...details]
        .filter(([orderId]) => routes.get(orderId) === storeId)
        .map(([id, read]) => [id, { id, storeId, ...read }]),
    );
    const count = await storeOrQuarantine(storeCtx, storable, new Set(existing.keys()), (group) =>
      writeEvents(storeCtx, group, records),
    );
    if (count > 0) metrics().eventsIngested.inc({ store: storeId }, count);
    storedCount += count;
  }

  // Acknowledge only after a fenced write: when nothing was written, an empty fenced transaction
  // proves this poller still holds the connection.
  if (ctx.fence && storedCount === 0 && batch.length > 0) await ctx.db.transaction((tx) => ctx.fence!(tx));
  const toAcknowledge = batch.filter((event) => known.has(event.eventId) || !deferred.has(event.orderId));
  const { acknowledged, failure } = await ctx.client.acknowledge(
    toAcknowledge.map(({ eventId, orderId, eventType }) => ({ id: eventId, orderId, eventType })),
  );
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

/** The merchant an order's details name (Open Delivery's `merchant.id`), if any. */
function merchantIdOf(details: unknown): string | undefined {
  const parsed = merchantRefSchema.safeParse(details);
  return parsed.success ? parsed.data.merchant.id : undefined;
}

const merchantRefSchema = z.object({ merchant: z.object({ id: z.string().min(1) }) });

/** Stores events with their orders' details and board cards, in one transaction; says how many were new. */
async function writeEvents(
  ctx: IngestContext,
  events: readonly PlatformEvent[],
  details: ReadonlyMap<string, OrderRecord>,
): Promise<number> {
  let stored = 0;
  await writeBoard(
    ctx.db,
    async (tx) => {
      await ctx.fence?.(tx);
      // The store's write order from the start (reprojectOrders would take it after the inserts):
      // two writers of one store then never hold each other's rows and lock in opposite orders.
      await lockStoresForBoard(tx, [ctx.storeId]);
      const inserted = await insertEvents(tx, ctx.storeId, events);
      stored = inserted.stored;
      return reprojectOrders(
        tx,
        inserted.orderIds.map((orderId) => details.get(orderId) ?? { id: orderId, storeId: ctx.storeId }),
      );
    },
    ctx.publish,
  );
  return stored;
}

/**
 * Reads the details of every order in the batch that Comanda has none readable of yet, a few at a
 * time. An order that cannot be read is deferred (its events wait unacknowledged), or parked
 * flagged after PARK_AFTER_FAILURES attempts.
 */
async function readMissingDetails(
  ctx: Omit<DeliveryContext, "storeIds"> & { storeIds?: readonly string[] },
  fresh: PlatformEvent[],
  existing: Map<string, StoredOrder>,
) {
  const details = new Map<string, OrderDetails>();
  const deferred = new Set<string>();
  const needed = new Map<string, string | undefined>();
  for (const event of fresh) {
    if (!needed.has(event.orderId) && !existing.get(event.orderId)?.summary) needed.set(event.orderId, event.orderURL);
  }
  const queue = [...needed.entries()];
  const soleStore = ctx.storeIds?.length === 1 ? ctx.storeIds[0] : undefined;
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const [orderId, orderURL] = next;
      try {
        const read = await readDetails(ctx, orderId, orderURL);
        details.set(orderId, read);
        ctx.detailFailures?.delete(orderId);
        if (read.detailsError)
          await ctx.onDetailsError?.(
            orderId,
            new Error(`Order details do not follow the standard: ${read.detailsError}`),
            existing.get(orderId)?.storeId ?? merchantIdOf(read.details) ?? soleStore,
          );
      } catch (error) {
        if (!(error instanceof PlatformError)) throw error;
        await ctx.onDetailsError?.(orderId, error, existing.get(orderId)?.storeId ?? soleStore);
        const failures = (ctx.detailFailures?.get(orderId) ?? 0) + 1;
        ctx.detailFailures?.delete(orderId);
        ctx.detailFailures?.set(orderId, failures);
        if (ctx.detailFailures && ctx.detailFailures.size > MAX_TRACKED_DETAIL_FAILURES) {
          const oldest = ctx.detailFailures.keys().next().value;
          if (oldest !== undefined) ctx.detailFailures.delete(oldest);
        }
        if (failures >= PARK_AFTER_FAILURES && !existing.has(orderId)) {
          details.set(orderId, {
            summary: null,
            details: null,
            detailsError: `Could not be read: ${error.message}`,
          });
        } else if (!existing.has(orderId)) {
          deferred.add(orderId);
          log.warn(
            { stores: ctx.storeIds, orderId, failures, err: error.message },
            "order details unreadable; events deferred",
          );
        }
        // An order already on the board (flagged) keeps its card; its new events are stored as they come.
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(DETAIL_READ_CONCURRENCY, queue.length) }, worker));
  return { details, deferred };
}

async function readDetails(
  ctx: Pick<IngestContext, "client">,
  orderId: string,
  orderURL?: string,
): Promise<OrderDetails> {
  const raw = await ctx.client.getOrder(orderId, orderURL);
  const parsed = parseOrderDetails(raw);
  return parsed.ok
    ? { summary: parsed.summary, details: raw, detailsError: null }
    : { summary: null, details: raw, detailsError: parsed.error };
}

export interface RereadResult {
  orderId: string;
  healed: boolean;
  /** Why it is still unreadable; null once healed. */
  error: string | null;
}

/**
 * Reads again the details of these stores' orders that could not be read or parsed (all of them up
 * to `limit`, or the ones named), so a flagged order heals as soon as the platform answers
 * properly. Failures wait for the next poll; each order's outcome is returned.
 */
export async function refreshUnreadableOrders(
  ctx: DeliveryContext,
  limit = 20,
  orderIds?: readonly string[],
): Promise<RereadResult[]> {
  const unreadable = await findUnreadableOrders(ctx.db, ctx.storeIds, limit, orderIds);
  const results: RereadResult[] = [];
  for (const row of unreadable) {
    let details: OrderDetails;
    try {
      details = await readDetails(ctx, row.id);
    } catch (error) {
      if (!(error instanceof PlatformError))
        log.error({ store: row.storeId, orderId: row.id, err: error }, "re-reading order details failed");
      results.push({
        orderId: row.id,
        healed: false,
        error: error instanceof PlatformError ? error.message : "Internal error (see the server log)",
      });
      continue;
    }
    if (!details.summary) {
      results.push({ orderId: row.id, healed: false, error: details.detailsError });
      continue;
    }
    await writeBoard(
      ctx.db,
      async (tx) => {
        await ctx.fence?.(tx);
        return reprojectOrder(tx, { id: row.id, storeId: row.storeId, ...details });
      },
      ctx.publish,
    );
    results.push({ orderId: row.id, healed: true, error: null });
  }
  return results;
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
