import "server-only";
import { count, eq } from "drizzle-orm";
import type { Database } from "@/lib/db";
import { channels, connectionDiscovery, platformConnections } from "@/lib/db/schema";
import { loadEnabledChannels, type ConnectionConfig, type SavedChannelConfig } from "./config";
import { decryptSecret } from "./secrets";

// Platform connections as the pollers and the integrations page read them (a store's own
// configuration, and saving a connection with its store, are ./config.ts's).

/** A connection with its enabled channels, as the pollers need them. */
export interface EnabledConnection {
  connection: ConnectionConfig;
  channels: SavedChannelConfig[];
}

/** Every connection that has enabled channels, with them (secrets decrypted), for the pollers. */
export async function loadEnabledConnections(db: Database): Promise<EnabledConnection[]> {
  const byConnection = new Map<string, EnabledConnection>();
  for (const channel of await loadEnabledChannels(db)) {
    const id = channel.connectionId;
    const entry = byConnection.get(id) ?? {
      connection: {
        id,
        name: channel.connectionName,
        baseUrl: channel.baseUrl,
        clientId: channel.clientId,
        clientSecret: channel.clientSecret,
        pollIntervalSeconds: channel.pollIntervalSeconds,
        orderIdPrefix: channel.orderIdPrefix,
      },
      channels: [],
    };
    entry.channels.push(channel);
    byConnection.set(id, entry);
  }
  return [...byConnection.values()];
}

/**
 * Every connection (no secret), with how many channels it serves and the dialect its manifest
 * last decided: what a new channel may join, and whether it lists its merchants (2.0).
 */
export async function listConnections(db: Database) {
  return db
    .select({
      id: platformConnections.id,
      name: platformConnections.name,
      baseUrl: platformConnections.baseUrl,
      stores: count(channels.id),
      dialect: connectionDiscovery.dialect,
    })
    .from(platformConnections)
    .leftJoin(channels, eq(channels.connectionId, platformConnections.id))
    .leftJoin(connectionDiscovery, eq(connectionDiscovery.connectionId, platformConnections.id))
    .groupBy(platformConnections.id, connectionDiscovery.dialect)
    .orderBy(platformConnections.name);
}

/** One connection's settings with its secret, or null when there is none with this id. */
export async function loadConnectionConfig(db: Database, id: string): Promise<ConnectionConfig | null> {
  const [row] = await db.select().from(platformConnections).where(eq(platformConnections.id, id));
  return row
    ? {
        id: row.id,
        name: row.name,
        baseUrl: row.baseUrl,
        clientId: row.clientId,
        clientSecret: decryptSecret(row.clientSecretEncrypted),
        pollIntervalSeconds: row.pollIntervalSeconds,
        orderIdPrefix: row.orderIdPrefix,
      }
    : null;
}

/** The channels on a connection: their merchant ids and restaurants (who may list its merchants). */
export async function channelsOfConnection(db: Database, connectionId: string) {
  return db
    .select({ id: channels.id, merchantId: channels.merchantId, restaurantId: channels.restaurantId })
    .from(channels)
    .where(eq(channels.connectionId, connectionId));
}
