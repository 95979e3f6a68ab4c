import "server-only";
import { eq, ne } from "drizzle-orm";
import { decryptSecret, encryptSecret } from "./secrets";
import type { Database } from "@/lib/db";
import { stores } from "@/lib/db/schema";

export interface AdminCredentials {
  clientId: string;
  clientSecret: string;
  username: string;
  password: string;
}

/** The store API's client_credentials pair: store data, menu and test orders. */
export interface StoreApiCredentials {
  clientId: string;
  clientSecret: string;
}

/** A merchant Comanda serves, with its platform credentials. Server-side only, never sent out. */
export interface StoreConfig {
  id: string;
  name: string;
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
 * Writes a store, secrets encrypted; a secret left out keeps the stored one.
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
  const connection = withoutUndefined({
    name: config.name,
    source,
    baseUrl: config.baseUrl,
    clientId: config.clientId,
    clientSecretEncrypted: secret(config.clientSecret),
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
    pollIntervalSeconds: config.pollIntervalSeconds,
    confirmDeadlineMinutes: config.confirmDeadlineMinutes,
    ...withoutUndefined({ enabled: options.enabled }),
  };
  const { clientSecretEncrypted } = connection;
  if (clientSecretEncrypted === undefined) {
    // Without the secret only an existing store can be saved (it keeps its own).
    const updated = await db
      .update(stores)
      .set({ ...connection, ...settings })
      .where(eq(stores.id, config.id))
      .returning({ id: stores.id });
    if (updated.length === 0) throw new Error(`Store ${config.id} does not exist: its interchange secret is required`);
    return;
  }
  const insert = db.insert(stores).values({ id: config.id, ...connection, clientSecretEncrypted, ...settings });
  if (source === "manager") {
    await insert.onConflictDoUpdate({ target: stores.id, set: { ...connection, ...settings } });
  } else {
    await insert.onConflictDoUpdate({ target: stores.id, set: connection, setWhere: ne(stores.source, "manager") });
  }
}

function withoutUndefined<T extends Record<string, unknown>>(record: T): { [K in keyof T]: T[K] } {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined)) as T;
}

export type StoreRow = typeof stores.$inferSelect;

/** The settings a store's row holds in the clear, shared by every reading of it. */
export function clearSettingsOf(
  row: StoreRow,
): Pick<
  StoreConfig,
  "id" | "name" | "baseUrl" | "clientId" | "serviceId" | "pollIntervalSeconds" | "confirmDeadlineMinutes"
> {
  return {
    id: row.id,
    name: row.name,
    baseUrl: row.baseUrl,
    clientId: row.clientId,
    serviceId: row.serviceId,
    pollIntervalSeconds: row.pollIntervalSeconds,
    confirmDeadlineMinutes: row.confirmDeadlineMinutes,
  };
}

/** Every enabled store with its secrets decrypted, for the pollers. */
export async function loadEnabledStores(db: Database): Promise<StoreConfig[]> {
  const rows = await db.select().from(stores).where(eq(stores.enabled, true)).orderBy(stores.name);
  return rows.map(configOfRow);
}

/** One store with its secrets decrypted (enabled or not), or null when there is no such store. */
export async function loadStoreConfig(
  db: Database,
  id: string,
): Promise<{ config: StoreConfig; enabled: boolean; source: string } | null> {
  const [row] = await db.select().from(stores).where(eq(stores.id, id));
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
