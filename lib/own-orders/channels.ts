import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { Database, DatabaseTransaction } from "@/lib/db";
import { OWN_SOURCES } from "@/lib/contract/own-order";
import { channels, type OwnSource } from "@/lib/db/schema";

// A restaurant's own channels (issue 30): the orders it takes itself — at the counter, by phone,
// on WhatsApp, at a table. Every restaurant has the four (migration 0024 made them for the
// restaurants of before; saveChannelConfig makes them with each new restaurant). They have no
// connection: no poller polls them (selectChannelRows joins connections) and no merchantUpdate is
// queued for them (enqueue, lib/merchant/controls.ts, takes kind 'platform' only).

export { OWN_CHANNEL_PREFIX, OWN_CHANNEL_STYLE, isOwnChannelId } from "./channel-id";
import { OWN_CHANNEL_PREFIX, OWN_CHANNEL_STYLE } from "./channel-id";

export function ownChannelId(restaurantId: string, source: OwnSource): string {
  return `${OWN_CHANNEL_PREFIX}${source}:${restaurantId}`;
}

/** Creates the restaurant's own channels that are missing (idempotent; a manager's edits are kept). */
export async function ensureOwnChannels(db: Database | DatabaseTransaction, restaurantId: string): Promise<void> {
  await db
    .insert(channels)
    .values(
      OWN_SOURCES.map((source) => ({
        id: ownChannelId(restaurantId, source),
        restaurantId,
        kind: "own" as const,
        ownSource: source,
        ...OWN_CHANNEL_STYLE[source],
      })),
    )
    .onConflictDoNothing();
}

/** The restaurant's own channel of this kind of sale, enabled; undefined when switched off. */
export async function findOwnChannel(
  db: Database | DatabaseTransaction,
  restaurantId: string,
  source: OwnSource,
): Promise<{ id: string; label: string } | undefined> {
  const [row] = await db
    .select({ id: channels.id, label: channels.label })
    .from(channels)
    .where(
      and(
        eq(channels.restaurantId, restaurantId),
        eq(channels.kind, "own"),
        eq(channels.ownSource, source),
        eq(channels.enabled, true),
      ),
    );
  return row;
}

/** Whether the channel is one of Comanda's own (no platform behind it). */
export async function isOwnChannel(db: Database | DatabaseTransaction, channelId: string): Promise<boolean> {
  const [row] = await db
    .select({ own: sql<boolean>`${channels.kind} = 'own'` })
    .from(channels)
    .where(eq(channels.id, channelId));
  return row?.own ?? false;
}
