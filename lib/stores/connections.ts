import "server-only";
import { count, eq } from "drizzle-orm";
import type { Database } from "@/lib/db";
import { platformConnections, stores } from "@/lib/db/schema";
import { loadEnabledStores, type ConnectionConfig, type StoreConfig } from "./config";
import { decryptSecret } from "./secrets";

// Platform connections as the pollers and the integrations page read them (a store's own
// configuration, and saving a connection with its store, are ./config.ts's).

/** A connection with its enabled stores, as the pollers need them. */
export interface EnabledConnection {
  connection: ConnectionConfig;
  stores: StoreConfig[];
}

/** Every connection that has enabled stores, with them (secrets decrypted), for the pollers. */
export async function loadEnabledConnections(db: Database): Promise<EnabledConnection[]> {
  const byConnection = new Map<string, EnabledConnection>();
  for (const store of await loadEnabledStores(db)) {
    const id = store.connectionId!;
    const entry = byConnection.get(id) ?? {
      connection: {
        id,
        name: store.connectionName ?? store.name,
        baseUrl: store.baseUrl,
        clientId: store.clientId,
        clientSecret: store.clientSecret,
        pollIntervalSeconds: store.pollIntervalSeconds,
      },
      stores: [],
    };
    entry.stores.push(store);
    byConnection.set(id, entry);
  }
  return [...byConnection.values()];
}

/** Every connection (no secret), with how many stores it serves: what a new store may join. */
export async function listConnections(db: Database) {
  return db
    .select({
      id: platformConnections.id,
      name: platformConnections.name,
      baseUrl: platformConnections.baseUrl,
      stores: count(stores.id),
    })
    .from(platformConnections)
    .leftJoin(stores, eq(stores.connectionId, platformConnections.id))
    .groupBy(platformConnections.id)
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
      }
    : null;
}
