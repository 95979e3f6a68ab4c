import "server-only";
import { writeBoard } from "@/lib/db/board-writes";
import { quarantineEvents } from "@/lib/db/quarantined-events";
import { reprojectOrder } from "@/lib/db/order-writes";
import { log } from "@/lib/log";
import { metrics } from "@/lib/metrics";
import type { PlatformEvent } from "@/lib/platform/interchange/schemas";
import type { IngestContext } from "./ingest-context";

/**
 * Stores a poll's events with `write`; when the database refuses the batch, stores them again one
 * order at a time, and quarantines the events of each order that still cannot be stored (kept as
 * an opaque blob with why, then acknowledged with the rest), so one poison event never stops its
 * store. An order first seen in quarantined events gets a card flagged unreadable, so the kitchen
 * knows it exists and the manager sees it in Operations with a retry. Says how many were stored.
 */
export async function storeOrQuarantine(
  ctx: IngestContext,
  events: readonly PlatformEvent[],
  knownOrders: ReadonlySet<string>,
  write: (events: readonly PlatformEvent[]) => Promise<number>,
): Promise<number> {
  try {
    return await write(events);
  } catch (error) {
    if (!refusedData(error)) throw error;
    log.warn({ store: ctx.storeId, err: error }, "storing a poll's events failed; storing them order by order");
  }
  let stored = 0;
  for (const group of byOrder(events)) {
    try {
      stored += await write(group);
    } catch (error) {
      // Anything else (the database unreachable, say) leaves the events unacknowledged, to come again.
      if (!refusedData(error)) throw error;
      const orderId = group[0]!.orderId;
      const reason = `Could not be stored: ${databaseReason(error)}`;
      log.error({ store: ctx.storeId, orderId, err: error }, "events quarantined");
      await quarantineEvents(
        ctx.db,
        ctx.storeId,
        group.map((event) => ({ eventId: event.eventId, orderId, event })),
        reason,
      );
      metrics().eventsQuarantined.inc({ store: ctx.storeId }, group.length);
      if (!knownOrders.has(orderId)) await flagUnreadable(ctx, orderId, reason);
    }
  }
  return stored;
}

async function flagUnreadable(ctx: IngestContext, orderId: string, reason: string): Promise<void> {
  const record = {
    id: orderId,
    storeId: ctx.storeId,
    channelId: ctx.channelId,
    summary: null,
    details: null,
    detailsError: reason,
  };
  try {
    await writeBoard(ctx.db, async (tx) => {
      await ctx.fence?.(tx);
      return reprojectOrder(tx, record);
    });
  } catch (error) {
    log.error({ store: ctx.storeId, orderId, err: error }, "could not show a quarantined order's card");
  }
}

/** PostgreSQL refused what was written (SQLSTATE class 22, data exception), not how it was asked. */
function refusedData(error: unknown): boolean {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  const code = (cause as { code?: unknown } | null)?.code;
  return typeof code === "string" && code.startsWith("22");
}

/**
 * The database's own words (the driver error's cause), never the failed statement and its
 * parameters: those carry customer data, and this reason is shown to the manager.
 */
function databaseReason(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  const message = cause instanceof Error ? cause.message : "unknown error";
  return message.startsWith("Failed query") ? "the database refused it" : message.slice(0, 300);
}

function byOrder(events: readonly PlatformEvent[]): PlatformEvent[][] {
  const groups = new Map<string, PlatformEvent[]>();
  for (const event of events) groups.set(event.orderId, [...(groups.get(event.orderId) ?? []), event]);
  return [...groups.values()];
}
