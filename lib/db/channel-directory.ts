import "server-only";
import { and, asc, eq, inArray, type SQL } from "drizzle-orm";
import type { Database } from "./client";
import { channels, platformConnections, type ChannelKind } from "./schema";

/**
 * The one reader of how channels are named to people (issue 28): the board's snapshot, history,
 * reports, the chain overview, the manager's order page and a printed ticket all read it here.
 * A channel's label and colour, the platform it comes from and what its last polls said; never
 * its credentials.
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

/** One channel's name, with how many platform channels its restaurant has: a one-platform kitchen's tickets stay as they were. */
export interface ChannelName {
  id: string;
  kind: ChannelKind;
  label: string;
  color: string;
  platform: string | null;
  siblings: number;
}

/** The query: channels matching `where`, each restaurant's in a stable order (label, then id). */
async function readChannels(db: Database, where: SQL | undefined): Promise<ChannelEntry[]> {
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
    .where(where)
    .orderBy(asc(channels.restaurantId), asc(channels.label), asc(channels.id));
  return rows.map((row) => ({
    ...row,
    // Comanda's own channel has no platform even if a connection id lingered on it.
    platform: row.kind === "own" ? null : row.platform,
    pollIntervalSeconds: row.kind === "own" ? null : row.pollIntervalSeconds,
  }));
}

/**
 * The channels of these restaurants (undefined: every restaurant; only the enabled ones when
 * asked): one small query served by channels_restaurant_idx, whatever the number of orders.
 */
export async function channelsOfRestaurants(
  db: Database,
  restaurantIds: readonly string[] | undefined,
  options: { enabledOnly?: boolean; platformOnly?: boolean } = {},
): Promise<ChannelEntry[]> {
  if (restaurantIds?.length === 0) return [];
  return readChannels(
    db,
    and(
      restaurantIds ? inArray(channels.restaurantId, [...restaurantIds]) : undefined,
      options.enabledOnly ? eq(channels.enabled, true) : undefined,
      options.platformOnly ? eq(channels.kind, "platform") : undefined,
    ),
  );
}

/** The directory by channel id. */
export function channelIndex(entries: readonly ChannelEntry[]): Map<string, ChannelEntry> {
  return new Map(entries.map((entry) => [entry.id, entry]));
}

/**
 * One channel's name, for what names it outside the board's stream: a printed kitchen ticket and
 * the manager's order page. Read with its restaurant's other channels (one query), which it
 * counts. Null when Comanda has no such channel.
 */
export async function findChannelName(db: Database, channelId: string): Promise<ChannelName | null> {
  const restaurant = db.select({ id: channels.restaurantId }).from(channels).where(eq(channels.id, channelId));
  const siblings = await readChannels(db, inArray(channels.restaurantId, restaurant));
  const channel = siblings.find((entry) => entry.id === channelId);
  if (!channel) return null;
  const { id, kind, label, color, platform } = channel;
  // Platform channels only: the four own channels every restaurant has (issue 30) do not make a
  // one-platform kitchen's tickets name their platform.
  return { id, kind, label, color, platform, siblings: siblings.filter((entry) => entry.kind === "platform").length };
}
