import "server-only";
import { createHash, randomUUID } from "node:crypto";
import { and, eq, getTableColumns, ne, notInArray, sql, type SQL } from "drizzle-orm";
import { restaurantOfChannel } from "./channels";
import { ensureOwnChannels, isOwnChannelId } from "@/lib/own-orders/channels";
import { decryptSecret, encryptSecret } from "./secrets";
import type { Database, DatabaseTransaction } from "@/lib/db";
import { channels, platformConnections, stores } from "@/lib/db/schema";
import type { AdminCredentials } from "@/lib/platform/admin/client";
import type { StoreApiCredentials } from "@/lib/platform/store-api/client";

/**
 * A platform connection: one set of interchange credentials serving many merchants (channels),
 * polled by one poller at one interval. Server-side only, never sent out.
 */
export interface ConnectionConfig {
  id: string;
  name: string;
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  pollIntervalSeconds: number;
  /** Prefixes the platform's order and event ids in Comanda (platform_connections.order_id_prefix). */
  orderIdPrefix: string;
}

/**
 * A channel Comanda serves: a merchant on a platform, with its credentials — its connection's
 * (base URL, interchange credentials, interval — shared with the connection's other channels) and
 * its own (admin and store API) — and the restaurant whose board receives its orders.
 * Server-side only, never sent out.
 */
export interface ChannelConfig {
  /** The channel's id: the platform's id of the merchant (X-App-MerchantId). */
  id: string;
  /** The restaurant (a `stores` row) cooking its orders; on a save, absent means a restaurant of its own (same id). */
  restaurantId?: string;
  /**
   * The restaurant's name: names a restaurant the save creates, and from the environment or the
   * sandbox the restaurant it configures; a manager's save renames an existing restaurant only
   * when asked (`renameRestaurant`).
   */
  name: string;
  /** The short label on its cards; on a save, absent keeps the saved one (or names it after the platform). */
  label?: string;
  color?: string;
  /** The connection's id once saved; absent on a channel about to be saved (found by its credentials). */
  connectionId?: string;
  /** A new connection's name (default: the restaurant's name); an existing connection keeps its own. */
  connectionName?: string;
  /** The connection's order id namespace, once saved. */
  orderIdPrefix?: string;
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  serviceId: string | null;
  admin: AdminCredentials | null;
  storeApi: StoreApiCredentials | null;
  pollIntervalSeconds: number;
  confirmDeadlineMinutes: number;
}

/** A loaded channel: its restaurant and connection are known. */
export type SavedChannelConfig = ChannelConfig & {
  restaurantId: string;
  label: string;
  color: string;
  connectionId: string;
  connectionName: string;
  orderIdPrefix: string;
};

export type StoreSource = "env" | "sandbox" | "manager";

/**
 * A store to save where each secret may be left out: the stored one is kept (a manager's form
 * never receives secrets, so "blank" means "unchanged").
 */
export type ChannelConfigUpdate = Omit<ChannelConfig, "clientSecret" | "admin" | "storeApi"> & {
  clientSecret?: string;
  admin: (Omit<AdminCredentials, "clientSecret" | "password"> & { clientSecret?: string; password?: string }) | null;
  storeApi: (Omit<StoreApiCredentials, "clientSecret"> & { clientSecret?: string }) | null;
};

/** Label colours given to new channels, one after another (a manager picks another on the channel). */
const CHANNEL_COLORS = ["#2563eb", "#db2777", "#16a34a", "#ea580c", "#7c3aed", "#0891b2"];

/**
 * Writes a channel, secrets encrypted; a secret left out keeps the stored one. Its interchange
 * credentials name its connection: the one with the same base URL and client id, or a new one.
 * Its restaurant is created when new. Connections left without channels are deleted.
 *
 * From the environment or the sandbox (at every start): settings a manager may have changed
 * (interval, deadline, enabled, label) are kept, and a channel or restaurant a manager has
 * configured ("manager" source) is not touched at all — the database wins once someone edited it
 * in the back-office. From a manager: everything given is written, and it becomes theirs — except
 * the restaurant's name, which a channel's save leaves alone unless `renameRestaurant` says the
 * form's restaurant-name field was changed (a channel's settings are not its restaurant's).
 */
export async function saveChannelConfig(
  db: Database,
  config: ChannelConfig | ChannelConfigUpdate,
  source: StoreSource,
  options: { enabled?: boolean; renameRestaurant?: boolean } = {},
): Promise<void> {
  const secret = (plain: string | undefined) => (plain === undefined ? undefined : encryptSecret(plain));
  // A platform's merchant id must never take an own channel's row (lib/own-orders/channels.ts).
  if (isOwnChannelId(config.id))
    throw new Error(`Channel ${config.id}: a merchant id may not start like an own channel's`);
  await db.transaction(async (tx) => {
    // A channel keeps its restaurant unless told another; a new one, unless told, is its own.
    const restaurantId = config.restaurantId ?? (await restaurantOfChannel(tx, config.id)) ?? config.id;
    const connectionId = await saveConnection(tx, config, source);
    const restaurant = { name: config.name, source, updatedAt: new Date() };
    const restaurantInsert = tx
      .insert(stores)
      .values({ id: restaurantId, ...restaurant, confirmDeadlineMinutes: config.confirmDeadlineMinutes });
    if (source === "manager")
      await restaurantInsert.onConflictDoUpdate({
        target: stores.id,
        set: {
          source,
          updatedAt: restaurant.updatedAt,
          ...(options.renameRestaurant && { name: config.name }),
        },
      });
    else
      await restaurantInsert.onConflictDoUpdate({
        target: stores.id,
        set: restaurant,
        setWhere: ne(stores.source, "manager"),
      });
    // Every restaurant takes its own orders too (issue 30): its counter, phone, WhatsApp and table channels.
    await ensureOwnChannels(tx, restaurantId);

    const own = withoutUndefined({
      restaurantId,
      source,
      connectionId,
      merchantId: config.id,
      label: config.label,
      color: config.color,
      serviceId: config.serviceId,
      adminClientId: config.admin?.clientId ?? null,
      adminClientSecretEncrypted: config.admin ? secret(config.admin.clientSecret) : null,
      adminUsername: config.admin?.username ?? null,
      adminPasswordEncrypted: config.admin ? secret(config.admin.password) : null,
      storeApiClientId: config.storeApi?.clientId ?? null,
      storeApiClientSecretEncrypted: config.storeApi ? secret(config.storeApi.clientSecret) : null,
      // The channel's platform's deadline: a channel's save never changes another channel's.
      confirmDeadlineMinutes: config.confirmDeadlineMinutes,
      updatedAt: new Date(),
    });
    const settings = withoutUndefined({ enabled: options.enabled });
    const [counted] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(channels)
      .where(eq(channels.kind, "platform"));
    const insert = tx.insert(channels).values({
      id: config.id,
      kind: "platform",
      ...own,
      label: config.label ?? (await defaultLabel(tx, connectionId, config)),
      color: config.color ?? CHANNEL_COLORS[(counted?.count ?? 0) % CHANNEL_COLORS.length]!,
      ...settings,
    });
    if (source === "manager") {
      await insert.onConflictDoUpdate({ target: channels.id, set: { ...own, ...settings } });
    } else {
      await insert.onConflictDoUpdate({ target: channels.id, set: own, setWhere: ne(channels.source, "manager") });
    }
    await tx
      .delete(platformConnections)
      .where(
        notInArray(
          platformConnections.id,
          tx.select({ id: sql<string>`coalesce(${channels.connectionId}, '')` }).from(channels),
        ),
      );
  });
}

/** A new channel's label: its platform's name (its connection's), short enough for a card. */
async function defaultLabel(
  db: DatabaseTransaction,
  connectionId: string,
  config: ChannelConfig | ChannelConfigUpdate,
) {
  const [row] = await db
    .select({ name: platformConnections.name })
    .from(platformConnections)
    .where(eq(platformConnections.id, connectionId));
  return (row?.name ?? config.connectionName ?? config.name).slice(0, 16).trim();
}

/**
 * The store's connection, found by base URL and client id, created when new (then its secret is
 * required), its secret replaced when one is given. A manager's save also sets its interval.
 */
async function saveConnection(
  db: Database | DatabaseTransaction,
  config: ChannelConfig | ChannelConfigUpdate,
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
  if (clientSecret === undefined)
    throw new Error(`Channel ${config.id}: a new connection needs its interchange secret`);
  const orderIdPrefix = await orderIdPrefixFor(db, baseUrl, config.id);
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
      orderIdPrefix,
    })
    .onConflictDoNothing();
  return (await find())!;
}

function withoutUndefined<T extends Record<string, unknown>>(record: T): { [K in keyof T]: T[K] } {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined)) as T;
}

/**
 * The order id namespace of a new connection to `baseUrl`: a platform's ids are unique on that
 * platform only. Connections to the same platform (its base URL) share one; a channel moving to a
 * new connection keeps its own (its platform moved address, or changed credentials: its orders'
 * ids must not change); the database's first platform has none, so every id stored before
 * channels (0020) stays as it was; each other platform gets a short prefix of its own, derived
 * from its address (every instance derives the same).
 */
async function orderIdPrefixFor(
  db: Database | DatabaseTransaction,
  baseUrl: string,
  channelId: string,
): Promise<string> {
  const existing = await db
    .select({
      baseUrl: platformConnections.baseUrl,
      prefix: platformConnections.orderIdPrefix,
      channelId: channels.id,
    })
    .from(platformConnections)
    .leftJoin(channels, and(eq(channels.connectionId, platformConnections.id), eq(channels.id, channelId)));
  const samePlatform = existing.find((row) => row.baseUrl === baseUrl) ?? existing.find((row) => row.channelId);
  if (samePlatform) return samePlatform.prefix;
  if (existing.length === 0) return "";
  return `${createHash("sha256").update(baseUrl).digest("hex").slice(0, 6)}~`;
}

/** A channel's row with its connection's columns (interchange credentials, interval, name) and its restaurant's. */
export type ChannelRow = typeof channels.$inferSelect & {
  restaurantName: string;
  restaurantEnabled: boolean;
  confirmDeadlineMinutes: number;
  baseUrl: string;
  clientId: string;
  clientSecretEncrypted: string;
  pollIntervalSeconds: number;
  orderIdPrefix: string;
  connectionName: string;
  /** How many channels share the connection. */
  connectionStores: number;
};

/** Platform channels with their connections' and restaurants' columns: every reading of a channel's whole settings goes through here. */
export function selectChannelRows(db: Database, where?: SQL): Promise<ChannelRow[]> {
  return (
    db
      .select({
        ...getTableColumns(channels),
        restaurantName: stores.name,
        restaurantEnabled: stores.enabled,
        // The channel's own (its platform's), else its restaurant's.
        confirmDeadlineMinutes: sql<number>`coalesce(${channels.confirmDeadlineMinutes}, ${stores.confirmDeadlineMinutes})`,
        baseUrl: platformConnections.baseUrl,
        clientId: platformConnections.clientId,
        clientSecretEncrypted: platformConnections.clientSecretEncrypted,
        pollIntervalSeconds: platformConnections.pollIntervalSeconds,
        orderIdPrefix: platformConnections.orderIdPrefix,
        connectionName: platformConnections.name,
        connectionStores:
          sql<number>`(select count(*) from ${channels} as c where c.connection_id = ${channels.connectionId})`.mapWith(
            Number,
          ),
      })
      .from(channels)
      .innerJoin(platformConnections, eq(platformConnections.id, channels.connectionId))
      .innerJoin(stores, eq(stores.id, channels.restaurantId))
      // Own channels have no platform: never polled, never configured here, even with a stray connection id.
      .where(and(eq(channels.kind, "platform"), where))
      .orderBy(stores.name, channels.label)
  );
}

/** The settings a channel's row holds in the clear, shared by every reading of it. */
export function clearSettingsOf(row: ChannelRow) {
  return {
    id: row.id,
    restaurantId: row.restaurantId,
    name: row.restaurantName,
    label: row.label,
    color: row.color,
    connectionId: row.connectionId!,
    connectionName: row.connectionName,
    orderIdPrefix: row.orderIdPrefix,
    baseUrl: row.baseUrl,
    clientId: row.clientId,
    serviceId: row.serviceId,
    pollIntervalSeconds: row.pollIntervalSeconds,
    confirmDeadlineMinutes: row.confirmDeadlineMinutes,
  };
}

/** Every enabled channel (of an enabled restaurant) with its secrets decrypted, for the pollers. */
export async function loadEnabledChannels(db: Database): Promise<SavedChannelConfig[]> {
  const rows = await selectChannelRows(db, and(eq(channels.enabled, true), eq(stores.enabled, true)));
  return rows.map(configOfRow);
}

/** One channel with its secrets decrypted (enabled or not), or null when there is no such channel. */
export async function loadChannelConfig(
  db: Database,
  id: string,
): Promise<{ config: SavedChannelConfig; enabled: boolean; source: string } | null> {
  const [row] = await selectChannelRows(db, eq(channels.id, id));
  return row ? { config: configOfRow(row), enabled: row.enabled && row.restaurantEnabled, source: row.source } : null;
}

function configOfRow(row: ChannelRow): SavedChannelConfig {
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
