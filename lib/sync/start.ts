import "server-only";
import { seedSandboxAccounts } from "@/lib/auth/seed";
import { getDb, type Database } from "@/lib/db";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { InterchangeClient } from "@/lib/platform/interchange/client";
import { getBus } from "@/lib/realtime/process-bus";
import { instanceId } from "@/lib/process/instance";
import { LeaseKeeper } from "./lease-keeper";
import { ConnectionPoller } from "./poller";
import { getStoreConnection, syncState } from "./registry";
import { loadEnabledConnections, loadStoreConfig, saveStoreConfig, type EnabledConnection } from "../stores/config";
import { resolveConfiguredStores } from "../stores/configured-stores";
import { processSingleton } from "@/lib/process/singleton";

/** How long to wait between attempts to learn the stores (e.g. the embedded sandbox still booting). */
const RESOLVE_RETRY_MS = 1_000;

/**
 * Opens the database (applying migrations) and starts one poller per platform connection. Idempotent: the
 * first call in a process does the work, later calls get the same promise.
 */
export function startSync(): Promise<void> {
  const state = syncState();
  state.started ??= run();
  return state.started;
}

async function run(): Promise<void> {
  const db = await getDb();
  if (!env.SYNC_ENABLED) return;
  // In background: the embedded sandbox is served by this very server, which is not listening yet.
  // A failure here (a store's secrets sealed with another SECRETS_KEY, say) must not end the
  // process: the board keeps serving and /api/health says why nothing is polled.
  connectStores(db).catch((error: unknown) => {
    syncState().startError = "start_failed";
    log.error({ err: error }, "could not start polling");
  });
}

async function connectStores(db: Awaited<ReturnType<typeof getDb>>): Promise<void> {
  const state = syncState();
  const configured = await resolveWithRetry();
  for (const config of configured.stores) await saveStoreConfig(db, config, configured.source);
  // Demo accounts (sandbox mode only); the kitchen one works for the sandbox's first store.
  await seedSandboxAccounts(
    db,
    configured.stores.map((config) => config.id),
  );
  const enabled = await loadEnabledConnections(db);
  for (const entry of enabled) {
    // A connection a manager's change reconnected in the meantime (reconnectStore) already has its poller.
    if (!state.connections.has(entry.connection.id)) connect(db, entry);
  }
  startLeases(db);
  log.info(
    {
      connections: enabled.map((entry) => ({ id: entry.connection.id, stores: entry.stores.length })),
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

/** Starts one connection's client and poller (for its enabled stores) and registers them. */
function connect(db: Database, { connection, stores }: EnabledConnection): void {
  const bus = getBus();
  const client = new InterchangeClient({
    baseUrl: connection.baseUrl,
    clientId: connection.clientId,
    clientSecret: connection.clientSecret,
    timeoutMs: env.PLATFORM_TIMEOUT_MS,
  });
  const poller = new ConnectionPoller({
    connectionId: connection.id,
    storeIds: stores.map((store) => store.id),
    client,
    db,
    publish: (change) => bus.publish(change),
    intervalMs: connection.pollIntervalSeconds * 1000,
    leased: true,
  });
  const state = syncState();
  state.connections.set(connection.id, {
    id: connection.id,
    config: connection,
    stores: new Map(stores.map((store) => [store.id, store])),
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
 * Applies a store's saved settings at once: the connection it was on and the one it is on now
 * (the same, usually) are stopped (letting a poll in flight finish) and connected again from the
 * database with their enabled stores — or left stopped when none is enabled or sync is off.
 * Calls run one after the other. (The stores' recent errors are in the database.)
 */
export function reconnectStore(storeId: string): Promise<void> {
  const run = reconnects.last.then(async () => {
    const db = await getDb();
    const before = getStoreConnection(storeId)?.connectionId;
    const loaded = await loadStoreConfig(db, storeId);
    const affected = new Set([before, loaded?.config.connectionId].filter((id): id is string => id !== undefined));
    await reconnectConnections(db, affected);
    log.info(
      { store: storeId, enabled: loaded?.enabled ?? false, connections: [...affected] },
      "store reconnected with its new settings",
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
    else log.info({ connection: id }, "connection disconnected (no enabled store)");
  }
}

async function resolveWithRetry(): ReturnType<typeof resolveConfiguredStores> {
  const state = syncState();
  for (;;) {
    try {
      const configured = await resolveConfiguredStores(env);
      state.startError = null;
      return configured;
    } catch (error) {
      // Logged once per spell of failures, retried every second; health says only the code.
      if (state.startError !== "stores_unresolved") log.error({ err: error }, "could not learn the stores");
      state.startError = "stores_unresolved";
      await new Promise((resolve) => setTimeout(resolve, RESOLVE_RETRY_MS));
    }
  }
}
