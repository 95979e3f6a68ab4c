import "server-only";
import { randomUUID } from "node:crypto";
import { and, eq, getTableColumns, ne, notInArray, sql, type SQL } from "drizzle-orm";
import { decryptSecret, encryptSecret } from "./secrets";
import type { Database, DatabaseTransaction } from "@/lib/db";
import { platformConnections, stores } from "@/lib/db/schema";
import type { AdminCredentials } from "@/lib/platform/admin/client";
import type { StoreApiCredentials } from "@/lib/platform/store-api/client";

/**
 * A platform connection: one set of interchange credentials serving many merchants (stores),
 * polled by one poller at one interval. Server-side only, never sent out.
 */
export interface ConnectionConfig {
  id: string;
  name: string;
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  pollIntervalSeconds: number;
}

/**
 * A merchant Comanda serves, with its platform credentials: its connection's (base URL,
 * interchange credentials, interval — shared with the connection's other stores) and its own
 * (admin and store API). Server-side only, never sent out.
 */
export interface StoreConfig {
  id: string;
  name: string;
  /** The connection's id once saved; absent on a store about to be saved (found by its credentials). */
  connectionId?: string;
  /** A new connection's name (default: the store's name); an existing connection keeps its own. */
  connectionName?: string;
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  serviceId: string | null;
  admin: AdminCredentials | null;
  storeApi: StoreApiCredentials | null;
  pollIntervalSeconds: number;
  confirmDeadlineMinutes: number;
}

export type StoreSource = "env" | "sandbox" | "manager";

/**
 * A store to save where each secret may be left out: the stored one is kept (a manager's form
 * never receives secrets, so "blank" means "unchanged").
 */
export type StoreConfigUpdate = Omit<StoreConfig, "clientSecret" | "admin" | "storeApi"> & {
  clientSecret?: string;
  admin: (Omit<AdminCredentials, "clientSecret" | "password"> & { clientSecret?: string; password?: string }) | null;
  storeApi: (Omit<StoreApiCredentials, "clientSecret"> & { clientSecret?: string }) | null;
};

/**
 * Writes a store, secrets encrypted; a secret left out keeps the stored one. Its interchange
 * credentials name its connection: the one with the same base URL and client id, or a new one.
 * Connections left without stores are deleted.
 *
 * From the environment or the sandbox (at every start): settings a manager may have changed
 * (interval, deadline, enabled) are kept, and a store a manager has configured ("manager"
 * source) is not touched at all — the database wins once someone edited it in the back-office.
 * From a manager: everything given is written, and the store becomes theirs.
 */
export async function saveStoreConfig(
  db: Database,
  config: StoreConfig | StoreConfigUpdate,
  source: StoreSource,
  options: { enabled?: boolean } = {},
): Promise<void> {
  const secret = (plain: string | undefined) => (plain === undefined ? undefined : encryptSecret(plain));
  await db.transaction(async (tx) => {
    const connectionId = await saveConnection(tx, config, source);
    const own = withoutUndefined({
      name: config.name,
      source,
      connectionId,
      serviceId: config.serviceId,
      adminClientId: config.admin?.clientId ?? null,
      adminClientSecretEncrypted: config.admin ? secret(config.admin.clientSecret) : null,
      adminUsername: config.admin?.username ?? null,
      adminPasswordEncrypted: config.admin ? secret(config.admin.password) : null,
      storeApiClientId: config.storeApi?.clientId ?? null,
      storeApiClientSecretEncrypted: config.storeApi ? secret(config.storeApi.clientSecret) : null,
      updatedAt: new Date(),
    });
    const settings = {
      confirmDeadlineMinutes: config.confirmDeadlineMinutes,
      ...withoutUndefined({ enabled: options.enabled }),
    };
    const insert = tx.insert(stores).values({ id: config.id, ...own, ...settings });
    if (source === "manager") {
      await insert.onConflictDoUpdate({ target: stores.id, set: { ...own, ...settings } });
    } else {
      await insert.onConflictDoUpdate({ target: stores.id, set: own, setWhere: ne(stores.source, "manager") });
    }
    await tx
      .delete(platformConnections)
      .where(notInArray(platformConnections.id, tx.select({ id: stores.connectionId }).from(stores)));
  });
}

/**
 * The store's connection, found by base URL and client id, created when new (then its secret is
 * required), its secret replaced when one is given. A manager's save also sets its interval.
 */
async function saveConnection(
  db: Database | DatabaseTransaction,
  config: StoreConfig | StoreConfigUpdate,
  source: StoreSource,
): Promise<string> {
  const { baseUrl, clientId, clientSecret } = config;
  const match = and(eq(platformConnections.baseUrl, baseUrl), eq(platformConnections.clientId, clientId));
  const find = async () =>
    (await db.select({ id: platformConnections.id }).from(platformConnections).where(match))[0]?.id;
  const changes = withoutUndefined({
    clientSecretEncrypted: clientSecret === undefined ? undefined : encryptSecret(clientSecret),
    pollIntervalSeconds: source === "manager" ? config.pollIntervalSeconds : undefined,
  });
  const existing = await find();
  if (existing) {
    if (Object.keys(changes).length > 0)
      await db
        .update(platformConnections)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(platformConnections.id, existing));
    return existing;
  }
  if (clientSecret === undefined) throw new Error(`Store ${config.id}: a new connection needs its interchange secret`);
  // Several instances starting at once save the same stores: the first insert wins (the unique
  // base URL + client id), the others find its row instead of failing their start.
  await db
    .insert(platformConnections)
    .values({
      id: randomUUID(),
      name: config.connectionName ?? config.name,
      baseUrl,
      clientId,
      clientSecretEncrypted: encryptSecret(clientSecret),
      pollIntervalSeconds: config.pollIntervalSeconds,
    })
    .onConflictDoNothing();
  return (await find())!;
}

function withoutUndefined<T extends Record<string, unknown>>(record: T): { [K in keyof T]: T[K] } {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined)) as T;
}

/** A store's row with its connection's columns (interchange credentials, interval, name). */
export type StoreRow = typeof stores.$inferSelect & {
  baseUrl: string;
  clientId: string;
  clientSecretEncrypted: string;
  pollIntervalSeconds: number;
  connectionName: string;
  /** How many stores share the connection. */
  connectionStores: number;
};

/** Stores with their connections' columns: every reading of a store's whole settings goes through here. */
export function selectStoreRows(db: Database, where?: SQL): Promise<StoreRow[]> {
  return db
    .select({
      ...getTableColumns(stores),
      baseUrl: platformConnections.baseUrl,
      clientId: platformConnections.clientId,
      clientSecretEncrypted: platformConnections.clientSecretEncrypted,
      pollIntervalSeconds: platformConnections.pollIntervalSeconds,
      connectionName: platformConnections.name,
      connectionStores:
        sql<number>`(select count(*) from ${stores} as s where s.connection_id = ${stores.connectionId})`.mapWith(
          Number,
        ),
    })
    .from(stores)
    .innerJoin(platformConnections, eq(platformConnections.id, stores.connectionId))
    .where(where)
    .orderBy(stores.name);
}

/** The settings a store's row holds in the clear, shared by every reading of it. */
export function clearSettingsOf(
  row: StoreRow,
): Pick<
  StoreConfig,
  | "id"
  | "name"
  | "connectionId"
  | "connectionName"
  | "baseUrl"
  | "clientId"
  | "serviceId"
  | "pollIntervalSeconds"
  | "confirmDeadlineMinutes"
> {
  return {
    id: row.id,
    name: row.name,
    connectionId: row.connectionId,
    connectionName: row.connectionName,
    baseUrl: row.baseUrl,
    clientId: row.clientId,
    serviceId: row.serviceId,
    pollIntervalSeconds: row.pollIntervalSeconds,
    confirmDeadlineMinutes: row.confirmDeadlineMinutes,
  };
}

/** Every enabled store with its secrets decrypted, for the pollers. */
export async function loadEnabledStores(db: Database): Promise<StoreConfig[]> {
  const rows = await selectStoreRows(db, eq(stores.enabled, true));
  return rows.map(configOfRow);
}

/** One store with its secrets decrypted (enabled or not), or null when there is no such store. */
export async function loadStoreConfig(
  db: Database,
  id: string,
): Promise<{ config: StoreConfig; enabled: boolean; source: string } | null> {
  const [row] = await selectStoreRows(db, eq(stores.id, id));
  return row ? { config: configOfRow(row), enabled: row.enabled, source: row.source } : null;
}

function configOfRow(row: StoreRow): StoreConfig {
  return {
    ...clearSettingsOf(row),
    clientSecret: decryptSecret(row.clientSecretEncrypted),
    admin:
      row.adminClientId && row.adminClientSecretEncrypted && row.adminUsername && row.adminPasswordEncrypted
        ? {
            clientId: row.adminClientId,
            clientSecret: decryptSecret(row.adminClientSecretEncrypted),
            username: row.adminUsername,
            password: decryptSecret(row.adminPasswordEncrypted),
          }
        : null,
    storeApi:
      row.storeApiClientId && row.storeApiClientSecretEncrypted
        ? { clientId: row.storeApiClientId, clientSecret: decryptSecret(row.storeApiClientSecretEncrypted) }
        : null,
  };
}
