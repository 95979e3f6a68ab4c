import "server-only";
import { seedSandboxAccounts } from "@/lib/auth/seed";
import { getDb } from "@/lib/db";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { InterchangeClient } from "@/lib/open-delivery/client";
import { getBus } from "@/lib/realtime/bus";
import { StorePoller } from "./poller";
import { syncState } from "./registry";
import { loadEnabledStores, resolveConfiguredStores, saveStoreConfig } from "./stores";

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
    syncState().startError = error instanceof Error ? error.message : String(error);
    log.error({ err: error }, "could not start polling");
  });
}

async function connectStores(db: Awaited<ReturnType<typeof getDb>>): Promise<void> {
  const state = syncState();
  const configured = await resolveWithRetry();
  for (const config of configured.stores) await saveStoreConfig(db, config, configured.source);
  // Demo accounts (sandbox mode only); the kitchen one works for the sandbox's first store.
  await seedSandboxAccounts(db, configured.stores.map((config) => config.id));
  const configs = await loadEnabledStores(db);
  const bus = getBus();
  for (const config of configs) {
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
    });
    state.connections.set(config.id, { id: config.id, name: config.name, config, client, poller });
    poller.start();
  }
  log.info({ stores: configs.map((config) => config.id), platform: env.platformMode }, "polling started");
}

async function resolveWithRetry(): ReturnType<typeof resolveConfiguredStores> {
  const state = syncState();
  for (;;) {
    try {
      const configured = await resolveConfiguredStores(env);
      state.startError = null;
      return configured;
    } catch (error) {
      state.startError = error instanceof Error ? error.message : String(error);
      await new Promise((resolve) => setTimeout(resolve, RESOLVE_RETRY_MS));
    }
  }
}
