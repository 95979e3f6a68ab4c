import "server-only";
import { seedSandboxAccounts } from "@/lib/auth/seed";
import { getDb } from "@/lib/db";
import { stores } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { InterchangeClient } from "@/lib/open-delivery/client";
import { getBus } from "@/lib/realtime/bus";
import { StorePoller } from "./poller";
import { syncState } from "./registry";
import { resolveStores, type StoreConfig } from "./stores";

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
  void connectStores(db);
}

async function connectStores(db: Awaited<ReturnType<typeof getDb>>): Promise<void> {
  const state = syncState();
  const configs = await resolveWithRetry();
  await seedSandboxAccounts(db, configs.map((config) => config.id));
  for (const config of configs) {
    await db
      .insert(stores)
      .values({ id: config.id, name: config.name, baseUrl: config.baseUrl })
      .onConflictDoUpdate({ target: stores.id, set: { name: config.name, baseUrl: config.baseUrl } });
    const client = new InterchangeClient({
      baseUrl: config.baseUrl,
      clientId: config.clientId,
      clientSecret: config.clientSecret,
      merchantId: config.id,
      timeoutMs: env.PLATFORM_TIMEOUT_MS,
    });
    const bus = getBus();
    const poller = new StorePoller({
      storeId: config.id,
      client,
      db,
      publish: (change) => bus.publish(change),
      intervalMs: env.pollIntervalSeconds * 1000,
    });
    state.connections.set(config.id, { id: config.id, name: config.name, client, poller });
    poller.start();
  }
  console.info(`[sync] polling ${configs.length} store(s) every ${env.pollIntervalSeconds} s (${env.platformMode})`);
}

async function resolveWithRetry(): Promise<StoreConfig[]> {
  const state = syncState();
  for (;;) {
    try {
      const configs = await resolveStores(env);
      state.startError = null;
      return configs;
    } catch (error) {
      state.startError = error instanceof Error ? error.message : String(error);
      await new Promise((resolve) => setTimeout(resolve, RESOLVE_RETRY_MS));
    }
  }
}
