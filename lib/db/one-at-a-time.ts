import "server-only";
import { is, sql } from "drizzle-orm";
import { NodePgDatabase } from "drizzle-orm/node-postgres";
import type { Database } from "./client";

// Work that must not run twice at once for one key (a store's pacing round, a channel's
// merchantUpdate queue): in this process, each key's runs are chained; across instances on
// PostgreSQL, a transaction holds the key's advisory lock while the work's own queries use other
// connections, so a second instance waits, then reads what the first left. PGlite is one process:
// the chain is enough.

const running = new Map<string, Promise<unknown>>();

export async function oneAtATime<T>(db: Database, namespace: number, key: string, work: () => Promise<T>): Promise<T> {
  const chainKey = `${namespace}:${key}`;
  const before = running.get(chainKey) ?? Promise.resolve();
  const run = before.catch(() => undefined).then(() => acrossInstances(db, namespace, key, work));
  running.set(chainKey, run);
  try {
    return await run;
  } finally {
    if (running.get(chainKey) === run) running.delete(chainKey);
  }
}

function acrossInstances<T>(db: Database, namespace: number, key: string, work: () => Promise<T>): Promise<T> {
  if (!is(db, NodePgDatabase)) return work();
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${namespace}, hashtext(${key}))`);
    return work();
  });
}
