import "server-only";
import { sql } from "drizzle-orm";
import { getDatabaseHandle } from "@/lib/db";
import { shuttingDown } from "@/lib/process/exit";
import { log } from "@/lib/log";

/** Longer than this and the database counts as not answering. */
const DATABASE_TIMEOUT_MS = 2_000;

/**
 * Whether this instance can serve: not shutting down, and its database open (the handle resolves
 * only once the migrations are applied) and answering a query within DATABASE_TIMEOUT_MS.
 */
export async function readiness(): Promise<boolean> {
  if (shuttingDown()) return false;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("database did not answer in time")), DATABASE_TIMEOUT_MS);
  });
  try {
    await Promise.race([
      (async () => {
        const { db } = await getDatabaseHandle();
        await db.execute(sql`select 1`);
      })(),
      timeout,
    ]);
    return !shuttingDown();
  } catch (error) {
    log.warn({ err: error instanceof Error ? error.message : String(error) }, "not ready");
    return false;
  } finally {
    clearTimeout(timer);
  }
}
