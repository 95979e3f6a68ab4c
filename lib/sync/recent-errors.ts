import "server-only";
import { desc, inArray, sql } from "drizzle-orm";
import { rowsOf } from "@/lib/db/bulk";
import type { Database } from "@/lib/db";
import { channels, storeRecentErrors } from "@/lib/db/schema";
import { log } from "@/lib/log";

export type SyncErrorKind = "poll" | "ack" | "details" | "internal" | "webhook";

export interface RecentError {
  /** When it last happened. */
  at: string;
  kind: SyncErrorKind;
  /** Our own sentence (an HTTP status, a timeout): never a payload, a token or a secret. */
  message: string;
  orderId?: string;
  /** How many times in a row it happened (identical consecutive errors share one entry). */
  count: number;
  /** When the first of them happened. */
  since: string;
}

/** How many errors a channel keeps: enough to see a pattern, few enough to read at a glance. */
export const RECENT_ERRORS_KEPT = 20;

/**
 * The last few sync errors of one channel, in the database so that every instance shows the same
 * (whichever instance polls the store writes them). Bounded: trimmed to `capacity` on insert. An
 * error identical to the store's newest one (same kind, sentence and order) updates that row's
 * count and time instead of adding one: a platform down for an hour leaves one entry, not a
 * screenful, and costs one small update per failed poll — as rare as the poller's back-off makes
 * them (at most one a minute per store), the same cadence as the stores table's last error.
 */
export class RecentErrors {
  constructor(
    private readonly db: Database,
    private readonly channelId: string,
    private readonly capacity = RECENT_ERRORS_KEPT,
  ) {}

  /** Records an error; never throws (a database down must not hide the error it describes). */
  async add(kind: SyncErrorKind, error: unknown, orderId?: string, at = new Date()): Promise<void> {
    await recordRecentErrors(this.db, [this.channelId], { kind, error, orderId, at }, this.capacity);
  }

  async list(): Promise<RecentError[]> {
    return (await readRecentErrors(this.db, [this.channelId])).get(this.channelId) ?? [];
  }
}

/**
 * Records one error for each of these channels (a failed poll of a connection is one for each of
 * its merchants) in one transaction of four statements, however many stores: coalesce with each
 * store's newest entry where identical, insert where not, trim to `capacity`. Never throws.
 */
export async function recordRecentErrors(
  db: Database,
  channelIds: readonly string[],
  { kind, error, orderId, at }: { kind: SyncErrorKind; error: unknown; orderId?: string; at: Date },
  capacity = RECENT_ERRORS_KEPT,
): Promise<void> {
  if (channelIds.length === 0) return;
  const message = (error instanceof Error ? error.message : String(error)).slice(0, 300);
  // Sorted: two writers (a poll on one instance, a retry on another) lock shared stores in one order.
  const sorted = [...new Set(channelIds)].sort();
  const ids = JSON.stringify(sorted);
  const order = orderId ?? null;
  try {
    await db.transaction(async (tx) => {
      await tx.execute(sql`
        select pg_advisory_xact_lock(hashtext('store_recent_errors'), hashtext(channel_id))
        from jsonb_array_elements_text(${ids}::jsonb) as channel_id`);
      const repeated = new Set(
        rowsOf<{ channel_id: string }>(
          await tx.execute(sql`
          with newest as (
            select distinct on (channel_id) id, channel_id, kind, message, order_id
            from store_recent_errors
            where channel_id in (select jsonb_array_elements_text(${ids}::jsonb))
            order by channel_id, id desc
          )
          update store_recent_errors as entry set count = entry.count + 1, last_at = ${at}
          from newest
          where entry.id = newest.id and newest.kind = ${kind} and newest.message = ${message}
            and newest.order_id is not distinct from ${order}::text
          returning entry.channel_id`),
        ).map((row) => row.channel_id),
      );
      const fresh = sorted.filter((channelId) => !repeated.has(channelId));
      if (fresh.length === 0) return;
      // Each row names the channel's restaurant too (the Operations page reads a restaurant's).
      const restaurants = await tx
        .select({ id: channels.id, restaurantId: channels.restaurantId })
        .from(channels)
        .where(inArray(channels.id, fresh));
      const restaurantOf = new Map(restaurants.map((row) => [row.id, row.restaurantId]));
      await tx.insert(storeRecentErrors).values(
        fresh.map((channelId) => ({
          storeId: restaurantOf.get(channelId) ?? channelId,
          channelId,
          kind,
          message,
          orderId: order,
          firstAt: at,
          lastAt: at,
        })),
      );
      await tx.execute(sql`
        delete from store_recent_errors where id in (
          select id from (
            select id, row_number() over (partition by channel_id order by id desc) as position
            from store_recent_errors
            where channel_id in (select jsonb_array_elements_text(${JSON.stringify(fresh)}::jsonb))
          ) as ranked
          where position > ${capacity}
        )`);
    });
  } catch (failure) {
    log.warn(
      { channels: channelIds.length, err: failure instanceof Error ? failure.message : String(failure) },
      "recent error not recorded",
    );
  }
}

/** Each channel's recent errors, newest first, by channel id. */
export async function readRecentErrors(
  db: Database,
  channelIds: readonly string[],
): Promise<Map<string, RecentError[]>> {
  const byStore = new Map<string, RecentError[]>();
  if (channelIds.length === 0) return byStore;
  const rows = await db
    .select()
    .from(storeRecentErrors)
    .where(inArray(storeRecentErrors.channelId, [...channelIds]))
    .orderBy(desc(storeRecentErrors.id));
  for (const row of rows) {
    const list = byStore.get(row.channelId) ?? [];
    byStore.set(row.channelId, list);
    list.push({
      at: row.lastAt.toISOString(),
      kind: row.kind as SyncErrorKind,
      message: row.message,
      ...(row.orderId ? { orderId: row.orderId } : {}),
      count: row.count,
      since: row.firstAt.toISOString(),
    });
  }
  return byStore;
}
