import "server-only";
import { sql } from "drizzle-orm";
import { getDatabaseHandle, type Database } from "@/lib/db";
import { log } from "@/lib/log";
import { shuttingDown } from "./exit";

/** Longer than this and the database counts as not answering. */
const DATABASE_TIMEOUT_MS = 2_000;

/**
 * Whether this instance can serve: not shutting down, and its database open (the handle resolves
 * only once the migrations are applied) and answering a query within DATABASE_TIMEOUT_MS.
 */
export async function readiness(): Promise<boolean> {
  if (shuttingDown()) return false;
  const answers = await answersInTime(getDatabaseHandle().then(({ db }) => db.execute(sql`select 1`)));
  return answers && !shuttingDown();
}

/** Whether `db` answers a query within DATABASE_TIMEOUT_MS (the reason is logged when not). */
export function databaseAnswers(db: Database): Promise<boolean> {
  return answersInTime(db.execute(sql`select 1`));
}

async function answersInTime(check: Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("database did not answer in time")), DATABASE_TIMEOUT_MS);
  });
  try {
    await Promise.race([check, timeout]);
    return true;
  } catch (error) {
    log.warn({ err: error instanceof Error ? error.message : String(error) }, "not ready");
    return false;
  } finally {
    clearTimeout(timer);
  }
}
