import "server-only";
import { seedSandboxAccounts } from "@/lib/auth/seed";
import { getDb, type Database } from "@/lib/db";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { InterchangeClient } from "@/lib/platform/interchange/client";
import { getBus } from "@/lib/realtime/process-bus";
import { instanceId } from "@/lib/instance";
import { LeaseKeeper } from "./lease-keeper";
import { StorePoller } from "./poller";
import type { RecentErrors } from "./recent-errors";
import { syncState } from "./registry";
import { loadEnabledStores, loadStoreConfig, saveStoreConfig, type StoreConfig } from "../stores/config";
import { resolveConfiguredStores } from "../stores/configured-stores";
import { processSingleton } from "@/lib/process-singleton";

/** How long to wait between attempts to learn the stores (e.g. the embedded sandbox still booting). */
const RESOLVE_RETRY_MS = 1_000;

/**
 * Opens the database (applying migrations) and starts one poller per store. Idempotent: the
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
  const configs = await loadEnabledStores(db);
  for (const config of configs) {
    // A store a manager connected in the meantime (reconnectStore) already has its poller.
    if (!state.connections.has(config.id)) connect(db, config);
  }
  startLeases(db);
  log.info(
    { stores: configs.map((config) => config.id), platform: env.platformMode, instance: instanceId() },
    "polling started (each store by the instance holding its lease)",
  );
}

/**
 * Every instance keeps a connection (client and poller) for every enabled store, so it can act
 * on any order; only the instance holding a store's lease runs its poller. With one instance
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

/** Starts one store's client and poller and registers them. */
function connect(db: Database, config: StoreConfig, errors?: RecentErrors): void {
  const bus = getBus();
  const client = new InterchangeClient({
    baseUrl: config.baseUrl,
    clientId: config.clientId,
    clientSecret: config.clientSecret,
    merchantId: config.id,
    timeoutMs: env.PLATFORM_TIMEOUT_MS,
  });
  const poller = new StorePoller({
    storeId: config.id,
    client,
    db,
    publish: (change) => bus.publish(change),
    intervalMs: config.pollIntervalSeconds * 1000,
    errors,
    leased: true,
  });
  const state = syncState();
  state.connections.set(config.id, { id: config.id, name: config.name, config, client, poller });
  // Reconnected with new settings while this instance holds the store: it goes on polling it.
  const lease = state.leases?.lease(config.id);
  if (lease) poller.start(lease);
}

// Per process, not per module graph: every route handler bundle must queue behind the same calls.
const reconnects = processSingleton("reconnects", () => new Map<string, Promise<void>>());

/**
 * Applies a store's saved settings at once: stops its poller (letting a poll in flight finish),
 * then connects it again from the database — or leaves it stopped when it is disabled or sync is
 * off. Calls for one store run one after the other. The store's recent errors carry over.
 */
export function reconnectStore(storeId: string): Promise<void> {
  const run = (reconnects.get(storeId) ?? Promise.resolve()).then(async () => {
    const state = syncState();
    const db = await getDb();
    const previous = state.connections.get(storeId);
    if (previous) {
      state.connections.delete(storeId);
      await previous.poller.stop();
    }
    const loaded = await loadStoreConfig(db, storeId);
    if (!loaded?.enabled || !env.SYNC_ENABLED) {
      log.info({ store: storeId }, "store disconnected");
      return;
    }
    connect(db, loaded.config, previous?.poller.errors);
    log.info(
      { store: storeId, intervalSeconds: loaded.config.pollIntervalSeconds },
      "store reconnected with its new settings",
    );
  });
  const settled = run.catch(() => undefined);
  reconnects.set(storeId, settled);
  void settled.then(() => reconnects.get(storeId) === settled && reconnects.delete(storeId));
  return run;
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
