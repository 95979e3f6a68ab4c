import "server-only";
import { eq, inArray, sql } from "drizzle-orm";
import type { Database } from "@/lib/db";
import { channels, platformConnections, stores } from "@/lib/db/schema";

/**
 * What the last poll of a channel left in the channels table: how another instance (or this one
 * after a restart) learns when the platform last answered.
 */
export interface ChannelPollState {
  /** The channel's id. */
  id: string;
  /** Its restaurant's id and name. */
  storeId: string;
  name: string;
  label: string;
  color: string;
  /** The platform's name (the connection's). */
  platform: string;
  /** The channel's and its restaurant's. */
  enabled: boolean;
  pollIntervalSeconds: number;
  lastPollAt: Date | null;
  lastPollOkAt: Date | null;
  lastError: string | null;
  /** Failed polls since the last success, by whichever instance polled. */
  consecutiveFailures: number;
}

const pollStateColumns = {
  id: channels.id,
  storeId: channels.restaurantId,
  name: stores.name,
  label: channels.label,
  color: channels.color,
  platform: platformConnections.name,
  enabled: sql<boolean>`${channels.enabled} and ${stores.enabled}`,
  pollIntervalSeconds: platformConnections.pollIntervalSeconds,
  lastPollAt: channels.lastPollAt,
  lastPollOkAt: channels.lastPollOkAt,
  lastError: channels.lastError,
  consecutiveFailures: channels.consecutiveFailures,
};

/** Every platform channel's poll state by restaurant name (or only these restaurants'). */
export async function readPollStates(db: Database, storeIds?: readonly string[]): Promise<ChannelPollState[]> {
  return db
    .select(pollStateColumns)
    .from(channels)
    .innerJoin(platformConnections, eq(platformConnections.id, channels.connectionId))
    .innerJoin(stores, eq(stores.id, channels.restaurantId))
    .where(storeIds ? inArray(channels.restaurantId, [...storeIds]) : undefined)
    .orderBy(stores.name, channels.label);
}

/** A poll the platform answered, and whose events were stored: for every channel the connection polled. */
export async function recordPollSuccess(db: Database, channelIds: readonly string[], at: Date): Promise<void> {
  await db
    .update(channels)
    .set({ lastPollAt: at, lastPollOkAt: at, lastError: null, consecutiveFailures: 0 })
    .where(inArray(channels.id, [...channelIds]));
}

/** A poll that failed, with our sentence for why (never a payload): it marks each channel of the connection. */
export async function recordPollFailure(
  db: Database,
  channelIds: readonly string[],
  at: Date,
  message: string,
): Promise<void> {
  await db
    .update(channels)
    .set({ lastPollAt: at, lastError: message, consecutiveFailures: sql`${channels.consecutiveFailures} + 1` })
    .where(inArray(channels.id, [...channelIds]));
}
