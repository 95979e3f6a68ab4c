/**
 * Runs once when the Next.js server starts: opens the database (applying migrations) and starts
 * the pollers. NEXT_RUNTIME is read here, not through lib/env, because it must be checked before
 * any Node-only module is loaded.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  // Fails the start with a clear message when the session secret is missing or unusable.
  const { getAuthSecret } = await import("./lib/auth/secret");
  getAuthSecret();
  // Before Next.js installs its own signal handlers: SIGTERM releases leases and ends streams first.
  const { installShutdown } = await import("./lib/process/signals");
  installShutdown();
  // Next.js's compression skips route handlers' answers without it (the module says why).
  const { installRouteAnswerCompression } = await import("./lib/http/route-answer-compression");
  installRouteAnswerCompression();
  const { startSync } = await import("./lib/sync/start");
  await startSync();
  // Merchant controls (issue 15): pause ends, sold-out expiry, merchantUpdate retries, auto-accept.
  const { startMerchantWorker } = await import("./lib/merchant/worker");
  startMerchantWorker();
}
