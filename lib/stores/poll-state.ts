import "server-only";
import { eq, inArray, sql } from "drizzle-orm";
import type { Database } from "@/lib/db";
import { platformConnections, stores } from "@/lib/db/schema";

/**
 * What the last poll of a store left in the stores table: how another instance (or this one
 * after a restart) learns when the platform last answered.
 */
export interface StorePollState {
  id: string;
  name: string;
  enabled: boolean;
  pollIntervalSeconds: number;
  lastPollAt: Date | null;
  lastPollOkAt: Date | null;
  lastError: string | null;
  /** Failed polls since the last success, by whichever instance polled. */
  consecutiveFailures: number;
}

const pollStateColumns = {
  id: stores.id,
  name: stores.name,
  enabled: stores.enabled,
  pollIntervalSeconds: platformConnections.pollIntervalSeconds,
  lastPollAt: stores.lastPollAt,
  lastPollOkAt: stores.lastPollOkAt,
  lastError: stores.lastError,
  consecutiveFailures: stores.consecutiveFailures,
};

/** Every store's poll state by name (or only these stores'). */
export async function readPollStates(db: Database, storeIds?: readonly string[]): Promise<StorePollState[]> {
  return db
    .select(pollStateColumns)
    .from(stores)
    .innerJoin(platformConnections, eq(platformConnections.id, stores.connectionId))
    .where(storeIds ? inArray(stores.id, [...storeIds]) : undefined)
    .orderBy(stores.name);
}

/** A poll the platform answered, and whose events were stored: for every store the connection polled. */
export async function recordPollSuccess(db: Database, storeIds: readonly string[], at: Date): Promise<void> {
  await db
    .update(stores)
    .set({ lastPollAt: at, lastPollOkAt: at, lastError: null, consecutiveFailures: 0 })
    .where(inArray(stores.id, [...storeIds]));
}

/** A poll that failed, with our sentence for why (never a payload): it marks each store of the connection. */
export async function recordPollFailure(
  db: Database,
  storeIds: readonly string[],
  at: Date,
  message: string,
): Promise<void> {
  await db
    .update(stores)
    .set({ lastPollAt: at, lastError: message, consecutiveFailures: sql`${stores.consecutiveFailures} + 1` })
    .where(inArray(stores.id, [...storeIds]));
}
