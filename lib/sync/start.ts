import "server-only";
import { getDb, type Database } from "@/lib/db";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { InterchangeClient } from "@/lib/platform/interchange/client";
import { instanceId } from "@/lib/process/instance";
import { discoveryDue, loadDiscoveries, refreshDiscovery, rememberedDiscovery } from "./discovery";
import { LeaseKeeper } from "./lease-keeper";
import { ConnectionPoller } from "./poller";
import { getChannelConnection, syncState } from "./registry";
import { loadChannelConfig } from "@/lib/stores/config";
import { loadEnabledConnections, type EnabledConnection } from "@/lib/stores/connections";
import { processSingleton } from "@/lib/process/singleton";

/**
 * Starts polling: one client and poller per platform connection with enabled stores, and the
 * lease keeper that decides which of them this instance polls. Called once the stores are
 * configured (lib/process/start.ts); a connection a manager's change reconnected in the meantime
 * (reconnectStore) keeps its poller.
 */
export async function startPolling(db: Database): Promise<void> {
  const state = syncState();
  const enabled = await loadEnabledConnections(db);
  await loadDiscoveries(db).catch((error: unknown) => log.warn({ err: error }, "platform manifests: none loaded"));
  for (const entry of enabled) {
    if (!state.connections.has(entry.connection.id)) connect(db, entry);
  }
  startLeases(db);
  startDiscoveryRefresh(db);
  log.info(
    {
      connections: enabled.map((entry) => ({ id: entry.connection.id, channels: entry.channels.length })),
      platform: env.platformMode,
      instance: instanceId(),
    },
    "polling started (each connection by the instance holding its lease)",
  );
}

/**
 * Every instance keeps every platform connection (client and poller) with enabled stores, so it
 * can act on any order; only the instance holding a connection's lease runs its poller. With one instance
 * (PGlite, or one process on PostgreSQL) it holds them all after its first round.
 */
function startLeases(db: Database): void {
  const state = syncState();
  if (state.leases) return;
  const keeper = new LeaseKeeper({
    db,
    instanceId: instanceId(),
    // PGlite's folder is one process's: a lease found there was left by a crashed predecessor.
    sole: !env.DATABASE_URL,
    keys: () =>
      [...state.connections.values()].map((connection) => ({
        key: connection.id,
        intervalMs: connection.config.pollIntervalSeconds * 1000,
      })),
    acquired: (key, lease) => state.connections.get(key)?.poller.start(lease),
    lost: (key) => state.connections.get(key)?.poller.stop(),
  });
  state.leases = keeper;
  keeper.start();
}

/** Lets every lease go at once and stops the pollers (graceful shutdown). */
export async function stopSync(): Promise<void> {
  const state = syncState();
  const keeper = state.leases;
  state.leases = undefined;
  await keeper?.stop();
  await Promise.all([...state.connections.values()].map((connection) => connection.poller.stop()));
}

/** Each connection's manifest read again when due (hourly; each minute while it does not answer). */
function startDiscoveryRefresh(db: Database): void {
  processSingleton("discoveryRefresh", () => {
    const timer = setInterval(() => {
      for (const connection of syncState().connections.values())
        if (discoveryDue(connection.id, new Date())) void refreshDiscovery(db, connection.config);
    }, 60_000);
    timer.unref();
    return timer;
  });
}

/** Starts one connection's client and poller (for its enabled channels) and registers them. */
function connect(db: Database, { connection, channels }: EnabledConnection): void {
  const client = new InterchangeClient({
    baseUrl: connection.baseUrl,
    clientId: connection.clientId,
    clientSecret: connection.clientSecret,
    orderIdPrefix: connection.orderIdPrefix,
    timeoutMs: env.PLATFORM_TIMEOUT_MS,
    // Each call in the dialect the platform's manifest last decided (2.0 or 1.x).
    dialect: () => rememberedDiscovery(connection.id)?.dialect ?? null,
  });
  const poller = new ConnectionPoller({
    connectionId: connection.id,
    channels: new Map(channels.map((channel) => [channel.id, channel.restaurantId])),
    client,
    db,
    intervalMs: connection.pollIntervalSeconds * 1000,
    reconcileEveryMs: env.RECONCILE_INTERVAL_SECONDS * 1000,
    leased: true,
  });
  // The platform's manifest, read as the connection starts (never delaying it: until it answers,
  // the connection runs on what the last read recorded).
  void refreshDiscovery(db, connection);
  const state = syncState();
  state.connections.set(connection.id, {
    id: connection.id,
    config: connection,
    channels: new Map(channels.map((channel) => [channel.id, channel])),
    client,
    poller,
  });
  // Reconnected with new settings while this instance holds the connection: it goes on polling it.
  const lease = state.leases?.lease(connection.id);
  if (lease) poller.start(lease);
}

// Per process, not per module graph: every route handler bundle must queue behind the same calls.
const reconnects = processSingleton("reconnects", () => ({ last: Promise.resolve() }));

/**
 * Applies a channel's saved settings at once: the connection it was on and the one it is on now
 * (the same, usually) are stopped (letting a poll in flight finish) and connected again from the
 * database with their enabled channels — or left stopped when none is enabled or sync is off.
 * Calls run one after the other. (The channels' recent errors are in the database.)
 */
export function reconnectChannel(channelId: string): Promise<void> {
  const run = reconnects.last.then(async () => {
    const db = await getDb();
    const before = getChannelConnection(channelId)?.connectionId;
    const loaded = await loadChannelConfig(db, channelId);
    const affected = new Set([before, loaded?.config.connectionId].filter((id): id is string => id !== undefined));
    await reconnectConnections(db, affected);
    log.info(
      { channel: channelId, enabled: loaded?.enabled ?? false, connections: [...affected] },
      "channel reconnected with its new settings",
    );
  });
  reconnects.last = run.catch(() => undefined);
  return run;
}

async function reconnectConnections(db: Database, ids: ReadonlySet<string>): Promise<void> {
  const state = syncState();
  const enabled = env.SYNC_ENABLED ? await loadEnabledConnections(db) : [];
  for (const id of ids) {
    const previous = state.connections.get(id);
    if (previous) {
      state.connections.delete(id);
      await previous.poller.stop();
    }
    const entry = enabled.find((candidate) => candidate.connection.id === id);
    if (entry) connect(db, entry);
    else log.info({ connection: id }, "connection disconnected (no enabled channel)");
  }
}
