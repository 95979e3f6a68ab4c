import "server-only";
import { eq } from "drizzle-orm";
import type { Database } from "@/lib/db";
import { channels, platformConnections } from "@/lib/db/schema";

/** How a channel is named to people: its label, colour and platform (its connection's name; null for the restaurant's own). */
export interface ChannelName {
  id: string;
  label: string;
  color: string;
  platform: string | null;
  /** How many channels its restaurant has: a one-channel kitchen's tickets stay as they were. */
  siblings: number;
}

/**
 * The channel's name (issue 28), for what names it outside the board's stream: a printed kitchen
 * ticket and the manager's order page. Null when Comanda has no such channel.
 */
export async function findChannelName(db: Database, channelId: string): Promise<ChannelName | null> {
  const [row] = await db
    .select({
      id: channels.id,
      restaurantId: channels.restaurantId,
      label: channels.label,
      color: channels.color,
      platform: platformConnections.name,
    })
    .from(channels)
    .leftJoin(platformConnections, eq(platformConnections.id, channels.connectionId))
    .where(eq(channels.id, channelId));
  if (!row) return null;
  const siblings = await db
    .select({ id: channels.id })
    .from(channels)
    .where(eq(channels.restaurantId, row.restaurantId));
  return { id: row.id, label: row.label, color: row.color, platform: row.platform, siblings: siblings.length };
}
