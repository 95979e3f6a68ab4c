import "server-only";
import { and, eq, inArray, isNotNull, lt, ne, sql } from "drizzle-orm";
import type { Database, DatabaseTransaction } from "@/lib/db";
import { rowsOf } from "@/lib/db/bulk";
import { instances, pollerLeases } from "@/lib/db/schema";

/**
 * Poller leases as rows (poller_leases), not advisory locks. An advisory lock belongs to one
 * connection: behind a pool, the connection that took it is not the one a later write uses, and
 * a write cannot tell whether its instance still holds the lock. It carries no token either, so a
 * holder that hung (SIGSTOP, a long pause) and woke up after another took over could not be told
 * apart from the new holder. A row carries the holder, an expiry and a fencing token that grows
 * on every takeover; each write of the poller locks the row in its own transaction and checks the
 * token (fenceLease), so a stale holder's write aborts.
 */

/** A poller's write or acknowledgment refused: its instance no longer holds the lease. */
export class LeaseLostError extends Error {
  constructor(readonly key: string) {
    super(`The lease of poller ${key} is held by another instance.`);
    this.name = "LeaseLostError";
  }
}

/** Says this instance is alive (and since when); the others count it when sharing pollers. */
export async function heartbeat(db: Database, instanceId: string, startedAt: Date, now: Date): Promise<void> {
  await db
    .insert(instances)
    .values({ id: instanceId, startedAt, heartbeatAt: now })
    .onConflictDoUpdate({ target: instances.id, set: { heartbeatAt: now } });
}

/** Instances whose heartbeat is more recent than `ttlMs` (at least 1: the caller). */
export async function liveInstances(db: Database, now: Date, ttlMs: number): Promise<number> {
  const since = new Date(now.getTime() - ttlMs);
  const [row] = await db
    .select({ count: sql<string>`count(*)` })
    .from(instances)
    .where(sql`${instances.heartbeatAt} > ${since.toISOString()}`);
  return Math.max(1, Number(row?.count ?? 0));
}

/** How many unexpired leases each other instance holds (instances holding none are absent). */
export async function othersHoldings(db: Database, instanceId: string, now: Date): Promise<number[]> {
  const rows = await db
    .select({ holder: pollerLeases.holder, count: sql<string>`count(*)` })
    .from(pollerLeases)
    .where(
      and(
        isNotNull(pollerLeases.holder),
        ne(pollerLeases.holder, instanceId),
        sql`${pollerLeases.expiresAt} > ${now.toISOString()}`,
      ),
    )
    .groupBy(pollerLeases.holder);
  return rows.map((row) => Number(row.count));
}

/** Forgets an instance (graceful shutdown), and those silent for a day. */
export async function forgetInstance(db: Database, instanceId: string, now: Date): Promise<void> {
  await db.delete(instances).where(eq(instances.id, instanceId));
  await db.delete(instances).where(lt(instances.heartbeatAt, new Date(now.getTime() - 86_400_000)));
}

/** The keys among `keys` that nobody else holds now (no row, released, expired, or ours from a previous life). */
export async function freeKeys(
  db: Database,
  keys: readonly string[],
  now: Date,
  instanceId: string,
  sole = false,
): Promise<string[]> {
  if (keys.length === 0) return [];
  const rows = await db
    .select({ key: pollerLeases.key, holder: pollerLeases.holder, expiresAt: pollerLeases.expiresAt })
    .from(pollerLeases)
    .where(inArray(pollerLeases.key, [...keys]));
  const taken = new Set(
    rows
      .filter(
        (row) => !sole && row.holder !== null && row.holder !== instanceId && row.expiresAt.getTime() > now.getTime(),
      )
      .map((row) => row.key),
  );
  return keys.filter((key) => !taken.has(key));
}

/**
 * Takes a free or expired lease in one conditional statement (two instances trying at once: one
 * wins); the token grows on every takeover. A lease held under this instance's own name (a
 * restart with the same INSTANCE_ID) is taken back at once: the new token fences whatever the
 * previous life left running. `sole`: no other process can share this database (PGlite), so
 * any holder is a dead predecessor. Returns the new token, or null when another holds it.
 */
export async function tryAcquire(
  db: Database,
  key: string,
  instanceId: string,
  now: Date,
  ttlMs: number,
  sole = false,
): Promise<number | null> {
  const expires = new Date(now.getTime() + ttlMs).toISOString();
  const rows = rowsOf<{ token: string }>(
    await db.execute(sql`
      insert into poller_leases (key, holder, token, expires_at) values (${key}, ${instanceId}, 1, ${expires})
      on conflict (key) do update set holder = excluded.holder, token = poller_leases.token + 1,
        expires_at = excluded.expires_at
      where ${sole} or poller_leases.holder is null or poller_leases.holder = ${instanceId}
        or poller_leases.expires_at <= ${now.toISOString()}
      returning token`),
  );
  return rows[0] ? Number(rows[0].token) : null;
}

/** Extends a lease this instance holds with this token; false when it was taken over. */
export async function renewLease(
  db: Database,
  key: string,
  instanceId: string,
  token: number,
  now: Date,
  ttlMs: number,
): Promise<boolean> {
  const renewed = await db
    .update(pollerLeases)
    .set({ expiresAt: new Date(now.getTime() + ttlMs) })
    .where(and(eq(pollerLeases.key, key), eq(pollerLeases.holder, instanceId), eq(pollerLeases.token, token)))
    .returning({ key: pollerLeases.key });
  return renewed.length > 0;
}

/** Gives a lease up at once, so another instance takes it on its next round. */
export async function releaseLease(db: Database, key: string, instanceId: string, token: number, now: Date) {
  await db
    .update(pollerLeases)
    .set({ holder: null, expiresAt: now })
    .where(and(eq(pollerLeases.key, key), eq(pollerLeases.holder, instanceId), eq(pollerLeases.token, token)));
}

/**
 * The fence: inside a write's transaction, locks the lease row and checks this holder's token
 * is still the current one, or throws LeaseLostError (and the transaction rolls back). A takeover
 * (an update of that row) waits for the write to commit, or the write sees the new token. Expiry
 * alone does not refuse: while nobody took over, the holder is still the only writer.
 */
export async function fenceLease(tx: DatabaseTransaction, key: string, instanceId: string, token: number) {
  const rows = rowsOf<{ token: string }>(
    await tx.execute(sql`
      select token from poller_leases where key = ${key} and holder = ${instanceId} and token = ${token}
      for update`),
  );
  if (rows.length === 0) throw new LeaseLostError(key);
}
