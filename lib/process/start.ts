import "server-only";
import { getAuthSecret } from "@/lib/auth/secret";
import { seedSandboxAccounts } from "@/lib/auth/seed";
import { getDb, type Database } from "@/lib/db";
import { env } from "@/lib/env";
import { installRouteAnswerCompression } from "@/lib/http/route-answer-compression";
import { log } from "@/lib/log";
import { startMerchantWorker } from "@/lib/merchant/worker";
import { startPrintWorker } from "@/lib/printers/worker";
import { saveChannelConfig } from "@/lib/stores/config";
import { resolveConfiguredStores } from "@/lib/stores/configured-stores";
import { syncState } from "@/lib/sync/registry";
import { startPolling } from "@/lib/sync/start";
import { boundHeapGrowth } from "./heap";
import { installShutdown } from "./signals";
import { processSingleton } from "./singleton";

/** How long to wait between attempts to learn the stores (e.g. the embedded sandbox still booting). */
const RESOLVE_RETRY_MS = 1_000;

/**
 * Comanda's start-up, once per process (instrumentation.ts): the session secret checked (a
 * missing one fails the start with a clear message), SIGTERM taken over before Next.js installs
 * its own handlers, the database opened (migrations applied); then, unless sync is off, the stores
 * configured, the sandbox's demo accounts seeded and polling started — in the background, since
 * the embedded sandbox is served by this very server, which is not listening yet — and the
 * merchant worker (pause ends, sold-out expiry, merchantUpdate retries, auto-accept) and the
 * kitchen printers' worker.
 */
export function startComanda(): Promise<void> {
  return processSingleton("started", () => run());
}

async function run(): Promise<void> {
  boundHeapGrowth();
  getAuthSecret();
  installShutdown();
  // Next.js's compression skips route handlers' answers without it (the module says why).
  installRouteAnswerCompression();
  const db = await getDb();
  if (env.SYNC_ENABLED) {
    // A failure here (a store's secrets sealed with another SECRETS_KEY, say) must not end the
    // process: the board keeps serving and /api/health says why nothing is polled.
    configureAndPoll(db).catch((error: unknown) => {
      syncState().startError = "start_failed";
      log.error({ err: error }, "could not start polling");
    });
  }
  startMerchantWorker();
  // Kitchen printers' queued tickets, sent whether or not this instance polls (they are in the database).
  startPrintWorker();
}

async function configureAndPoll(db: Database): Promise<void> {
  const configured = await resolveWithRetry();
  for (const config of configured.stores) await saveChannelConfig(db, config, configured.source);
  // Demo accounts (sandbox mode only); the kitchen one works for the sandbox's first restaurant.
  await seedSandboxAccounts(db, [...new Set(configured.stores.map((config) => config.restaurantId ?? config.id))]);
  await startPolling(db);
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
