import "server-only";
import { z } from "zod";
import { writeBoard } from "@/lib/db/board-writes";
import { findUnreadableOrders, type StoredOrder } from "@/lib/db/order-reads";
import { reprojectOrder, type OrderRecord } from "@/lib/db/order-writes";
import { log } from "@/lib/log";
import { PlatformError } from "@/lib/platform/errors";
import { pastBounds } from "@/lib/platform/interchange/order-bounds";
import { parseOrderDetails } from "@/lib/platform/interchange/order-summary";
import { AnswerTooLargeError } from "@/lib/platform/transport";
import type { PlatformEvent } from "@/lib/platform/interchange/schemas";
import type { DeliveryContext, IngestContext } from "./ingest-context";

// Reading orders' details for ingest: the ones a delivery's new events need (a few at a time),
// and again later for orders whose details could not be read or parsed.

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

/**
 * Order details read from the platform at once, per poll, each on a kept-alive connection. A read
 * is a round trip to the platform; 32 at once keep both machines busy through a poll of 1000 new
 * orders (8 left them waiting on each other) while bounding what one poll holds in memory.
 */
export const DETAIL_READ_CONCURRENCY = 32;

export type OrderDetails = Omit<OrderRecord, "id" | "storeId" | "channelId"> & { details: unknown };

/** The merchant an order's details name (Open Delivery's `merchant.id`), if any. */
export function merchantIdOf(details: unknown): string | undefined {
  const parsed = merchantRefSchema.safeParse(details);
  return parsed.success ? parsed.data.merchant.id : undefined;
}

const merchantRefSchema = z.object({ merchant: z.object({ id: z.string().min(1) }) });

/**
 * Reads the details of every order in the batch that Comanda has none readable of yet, a few at a
 * time. An order that cannot be read is deferred (its events wait unacknowledged), or parked
 * flagged after PARK_AFTER_FAILURES attempts.
 */
export async function readMissingDetails(
  ctx: Omit<DeliveryContext, "channels"> & { channels?: ReadonlyMap<string, string> },
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
  const soleChannel = ctx.channels?.size === 1 ? [...ctx.channels.keys()][0] : undefined;
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
            existing.get(orderId)?.channelId ?? merchantIdOf(read.details) ?? soleChannel,
          );
      } catch (error) {
        if (!(error instanceof PlatformError)) throw error;
        await ctx.onDetailsError?.(orderId, error, existing.get(orderId)?.channelId ?? soleChannel);
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
            { channels: [...(ctx.channels?.keys() ?? [])], orderId, failures, err: error.message },
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

/**
 * One order's details, reshaped. An answer past the client's byte limit, or details past
 * ORDER_BOUNDS, are an unreadable order with the reason (asking again gets the same): the first is
 * never parsed nor kept, the second kept as received but not reshaped.
 */
async function readDetails(
  ctx: Pick<IngestContext, "client">,
  orderId: string,
  orderURL?: string,
): Promise<OrderDetails> {
  let raw: unknown;
  try {
    raw = await ctx.client.getOrder(orderId, orderURL);
  } catch (error) {
    if (error instanceof AnswerTooLargeError) return { summary: null, details: null, detailsError: error.message };
    throw error;
  }
  const past = pastBounds(raw);
  if (past) return { summary: null, details: raw, detailsError: past };
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
 * Reads again the details of these channels' orders that could not be read or parsed (all of them up
 * to `limit`, or the ones named), so a flagged order heals as soon as the platform answers
 * properly. Failures wait for the next poll; each order's outcome is returned.
 */
export async function refreshUnreadableOrders(
  ctx: DeliveryContext,
  limit = 20,
  orderIds?: readonly string[],
): Promise<RereadResult[]> {
  const unreadable = await findUnreadableOrders(ctx.db, [...ctx.channels.keys()], limit, orderIds);
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
    await writeBoard(ctx.db, async (tx) => {
      await ctx.fence?.(tx);
      return reprojectOrder(tx, { id: row.id, storeId: row.storeId, channelId: row.channelId, ...details });
    });
    results.push({ orderId: row.id, healed: true, error: null });
  }
  return results;
}
