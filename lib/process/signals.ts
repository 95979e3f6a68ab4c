import "server-only";
import { log } from "@/lib/log";
import { onShutdown, shutdown } from "@/lib/process/exit";
import { processSingleton } from "@/lib/process/singleton";
import { stopSync } from "@/lib/sync/start";

/** At most this long between SIGTERM and exit, whatever is still running. */
const HARD_LIMIT_MS = 15_000;

/**
 * Takes SIGTERM and SIGINT over from Next.js so that the instance leaves
 * cleanly (lib/process/exit.ts): readiness answers 503 and board streams end with a retry hint at
 * once, the poller leases are let go, requests in flight are answered, then the process exits.
 * Next.js's own handler would exit once its HTTP server closed, which open streams delay and
 * which does not wait for the leases to be let go.
 */
export function installShutdown(): void {
  processSingleton("shutdownInstalled", () => {
    // `npm start` sets NEXT_MANUAL_SIG_HANDLE so that Next.js installs no handler. Started some
    // other way, `next start` has installed its own by now (instrumentation runs once the server
    // listens): it would exit as soon as its server closed, before the leases are let go.
    if (!process.env.NEXT_MANUAL_SIG_HANDLE) {
      for (const signal of ["SIGTERM", "SIGINT"] as const) process.removeAllListeners(signal);
    }
    onShutdown(stopSync);
    for (const signal of ["SIGTERM", "SIGINT"] as const) {
      process.once(signal, () => {
        log.info({ signal }, "shutting down: leases let go, streams ended, then exit");
        setTimeout(() => process.exit(1), HARD_LIMIT_MS).unref();
        void shutdown().finally(() => process.exit(0));
      });
    }
    return true;
  });
}
