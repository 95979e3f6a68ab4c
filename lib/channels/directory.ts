import "server-only";
import { asc, eq, inArray } from "drizzle-orm";
import type { Database } from "@/lib/db";
import { channels, platformConnections, type ChannelKind } from "@/lib/db/schema";

/**
 * A channel as the back office names it (history, reports, chain overview): its label and colour,
 * the platform it comes from, and what its last polls said. Never its credentials.
 */
export interface ChannelEntry {
  id: string;
  restaurantId: string;
  kind: ChannelKind;
  label: string;
  /** #rrggbb */
  color: string;
  enabled: boolean;
  /** The platform's name (its connection's); null for the restaurant's own channel. */
  platform: string | null;
  /** Its connection's poll interval; null for the restaurant's own channel. */
  pollIntervalSeconds: number | null;
  lastPollOkAt: Date | null;
  consecutiveFailures: number;
}

/**
 * The channels of these restaurants, each restaurant's in a stable order (label, then id): one
 * small query served by channels_restaurant_idx, whatever the number of orders.
 */
export async function channelsOfRestaurants(db: Database, restaurantIds: readonly string[]): Promise<ChannelEntry[]> {
  if (restaurantIds.length === 0) return [];
  const rows = await db
    .select({
      id: channels.id,
      restaurantId: channels.restaurantId,
      kind: channels.kind,
      label: channels.label,
      color: channels.color,
      enabled: channels.enabled,
      platform: platformConnections.name,
      pollIntervalSeconds: platformConnections.pollIntervalSeconds,
      lastPollOkAt: channels.lastPollOkAt,
      consecutiveFailures: channels.consecutiveFailures,
    })
    .from(channels)
    .leftJoin(platformConnections, eq(platformConnections.id, channels.connectionId))
    .where(inArray(channels.restaurantId, [...restaurantIds]))
    .orderBy(asc(channels.restaurantId), asc(channels.label), asc(channels.id));
  return rows.map((row) => ({
    ...row,
    // Comanda's own channel has no platform even if a connection id lingered on it.
    platform: row.kind === "own" ? null : row.platform,
    pollIntervalSeconds: row.kind === "own" ? null : row.pollIntervalSeconds,
  }));
}

/** The directory by channel id. */
export function channelIndex(entries: readonly ChannelEntry[]): Map<string, ChannelEntry> {
  return new Map(entries.map((entry) => [entry.id, entry]));
}
