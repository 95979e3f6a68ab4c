import "server-only";
import { and, desc, eq, inArray, lt, sql } from "drizzle-orm";
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
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 300);
    try {
      await recordRecentError(this.db, this.storeId, { kind, message, orderId: orderId ?? null, at }, this.capacity);
    } catch (failure) {
      log.warn(
        { store: this.storeId, err: failure instanceof Error ? failure.message : String(failure) },
        "recent error not recorded",
      );
    }
  }

  async list(): Promise<RecentError[]> {
    return (await readRecentErrors(this.db, [this.storeId])).get(this.storeId) ?? [];
  }
}

async function recordRecentError(
  db: Database,
  storeId: string,
  entry: { kind: SyncErrorKind; message: string; orderId: string | null; at: Date },
  capacity: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    // One writer per store at a time (a poll on one instance, a retry on another).
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('store_recent_errors'), hashtext(${storeId}))`);
    const [newest] = await tx
      .select()
      .from(storeRecentErrors)
      .where(eq(storeRecentErrors.storeId, storeId))
      .orderBy(desc(storeRecentErrors.id))
      .limit(1);
    if (newest && newest.kind === entry.kind && newest.message === entry.message && newest.orderId === entry.orderId) {
      await tx
        .update(storeRecentErrors)
        .set({ count: sql`${storeRecentErrors.count} + 1`, lastAt: entry.at })
        .where(eq(storeRecentErrors.id, newest.id));
      return;
    }
    const [inserted] = await tx
      .insert(storeRecentErrors)
      .values({ storeId, ...entry, firstAt: entry.at, lastAt: entry.at })
      .returning({ id: storeRecentErrors.id });
    const [oldestKept] = await tx
      .select({ id: storeRecentErrors.id })
      .from(storeRecentErrors)
      .where(eq(storeRecentErrors.storeId, storeId))
      .orderBy(desc(storeRecentErrors.id))
      .offset(capacity - 1)
      .limit(1);
    if (oldestKept && inserted)
      await tx
        .delete(storeRecentErrors)
        .where(and(eq(storeRecentErrors.storeId, storeId), lt(storeRecentErrors.id, oldestKept.id)));
  });
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
