import "server-only";
import { desc, inArray, sql } from "drizzle-orm";
import { rowsOf } from "@/lib/db/bulk";
import type { Database } from "@/lib/db";
import { storeRecentErrors } from "@/lib/db/schema";
import { log } from "@/lib/log";

export type SyncErrorKind = "poll" | "ack" | "details" | "internal";

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

/** How many errors a store keeps: enough to see a pattern, few enough to read at a glance. */
export const RECENT_ERRORS_KEPT = 20;

/**
 * The last few sync errors of one store, in the database so that every instance shows the same
 * (whichever instance polls the store writes them). Bounded: trimmed to `capacity` on insert. An
 * error identical to the store's newest one (same kind, sentence and order) updates that row's
 * count and time instead of adding one: a platform down for an hour leaves one entry, not a
 * screenful, and costs one small update per failed poll — as rare as the poller's back-off makes
 * them (at most one a minute per store), the same cadence as the stores table's last error.
 */
export class RecentErrors {
  constructor(
    private readonly db: Database,
    private readonly storeId: string,
    private readonly capacity = RECENT_ERRORS_KEPT,
  ) {}

  /** Records an error; never throws (a database down must not hide the error it describes). */
  async add(kind: SyncErrorKind, error: unknown, orderId?: string, at = new Date()): Promise<void> {
    await recordRecentErrors(this.db, [this.storeId], { kind, error, orderId, at }, this.capacity);
  }

  async list(): Promise<RecentError[]> {
    return (await readRecentErrors(this.db, [this.storeId])).get(this.storeId) ?? [];
  }
}

/**
 * Records one error for each of these stores (a failed poll of a connection is one for each of
 * its merchants) in one transaction of four statements, however many stores: coalesce with each
 * store's newest entry where identical, insert where not, trim to `capacity`. Never throws.
 */
export async function recordRecentErrors(
  db: Database,
  storeIds: readonly string[],
  { kind, error, orderId, at }: { kind: SyncErrorKind; error: unknown; orderId?: string; at: Date },
  capacity = RECENT_ERRORS_KEPT,
): Promise<void> {
  if (storeIds.length === 0) return;
  const message = (error instanceof Error ? error.message : String(error)).slice(0, 300);
  // Sorted: two writers (a poll on one instance, a retry on another) lock shared stores in one order.
  const sorted = [...new Set(storeIds)].sort();
  const ids = JSON.stringify(sorted);
  const order = orderId ?? null;
  try {
    await db.transaction(async (tx) => {
      await tx.execute(sql`
        select pg_advisory_xact_lock(hashtext('store_recent_errors'), hashtext(store_id))
        from jsonb_array_elements_text(${ids}::jsonb) as store_id`);
      const repeated = new Set(
        rowsOf<{ store_id: string }>(
          await tx.execute(sql`
          with newest as (
            select distinct on (store_id) id, store_id, kind, message, order_id
            from store_recent_errors
            where store_id in (select jsonb_array_elements_text(${ids}::jsonb))
            order by store_id, id desc
          )
          update store_recent_errors as entry set count = entry.count + 1, last_at = ${at}
          from newest
          where entry.id = newest.id and newest.kind = ${kind} and newest.message = ${message}
            and newest.order_id is not distinct from ${order}::text
          returning entry.store_id`),
        ).map((row) => row.store_id),
      );
      const fresh = sorted.filter((storeId) => !repeated.has(storeId));
      if (fresh.length === 0) return;
      await tx
        .insert(storeRecentErrors)
        .values(fresh.map((storeId) => ({ storeId, kind, message, orderId: order, firstAt: at, lastAt: at })));
      await tx.execute(sql`
        delete from store_recent_errors where id in (
          select id from (
            select id, row_number() over (partition by store_id order by id desc) as position
            from store_recent_errors
            where store_id in (select jsonb_array_elements_text(${JSON.stringify(fresh)}::jsonb))
          ) as ranked
          where position > ${capacity}
        )`);
    });
  } catch (failure) {
    log.warn(
      { stores: storeIds.length, err: failure instanceof Error ? failure.message : String(failure) },
      "recent error not recorded",
    );
  }
}

/** These stores' recent errors, newest first, by store. */
export async function readRecentErrors(db: Database, storeIds: readonly string[]): Promise<Map<string, RecentError[]>> {
  const byStore = new Map<string, RecentError[]>();
  if (storeIds.length === 0) return byStore;
  const rows = await db
    .select()
    .from(storeRecentErrors)
    .where(inArray(storeRecentErrors.storeId, [...storeIds]))
    .orderBy(desc(storeRecentErrors.id));
  for (const row of rows) {
    const list = byStore.get(row.storeId) ?? [];
    byStore.set(row.storeId, list);
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
