import "server-only";
import { sql } from "drizzle-orm";
import { getDatabaseHandle } from "@/lib/db";
import type { DatabaseHandle } from "@/lib/db/client";
import { log } from "@/lib/log";
import { withTimeout } from "@/lib/time/with-timeout";
import { shuttingDown } from "./exit";

/** Longer than this and the database counts as not answering. */
const DATABASE_TIMEOUT_MS = 2_000;

/**
 * Whether this instance can serve: not shutting down, and its database open (the handle resolves
 * only once the migrations are applied), answering a query within DATABASE_TIMEOUT_MS and, on
 * PGlite, able to write.
 */
export async function readiness(): Promise<boolean> {
  if (shuttingDown()) return false;
  const answers = await answersInTime(getDatabaseHandle().then(answer));
  return answers && !shuttingDown();
}

/** Whether the database answers a query within DATABASE_TIMEOUT_MS (the reason is logged when not). */
export function databaseAnswers(handle: Pick<DatabaseHandle, "db" | "acceptsWrites">): Promise<boolean> {
  return answersInTime(answer(handle));
}

async function answer({ db, acceptsWrites }: Pick<DatabaseHandle, "db" | "acceptsWrites">): Promise<void> {
  await db.execute(sql`select 1`);
  // PGlite answers reads from memory while its disk refuses writes: an instance that cannot store
  // an order is not ready.
  if (acceptsWrites && !acceptsWrites()) throw new Error("the database's disk refuses writes");
}

async function answersInTime(check: Promise<unknown>): Promise<boolean> {
  try {
    await withTimeout(check, DATABASE_TIMEOUT_MS, () => "database did not answer in time");
    return true;
  } catch (error) {
    log.warn({ err: error instanceof Error ? error.message : String(error) }, "not ready");
    return false;
  }
}
