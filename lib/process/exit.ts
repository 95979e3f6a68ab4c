import "server-only";
import { setMaxListeners } from "node:events";
import { processSingleton } from "@/lib/process/singleton";

/**
 * The process's way out. On SIGTERM (a deploy, a scale-down) the instance stops being ready (the
 * load balancer sends new requests elsewhere), ends its board streams with a short retry hint
 * (tablets reconnect to another instance at once), lets its poller leases go (another instance
 * takes the stores on its next round instead of after the lease runs out), waits for the requests
 * it is answering (an order action mid-call) and exits. Shared by Next.js's module graphs.
 */
interface Lifecycle {
  shutdown: AbortController;
  hooks: Array<() => Promise<void>>;
  inFlight: number;
  drained: Array<() => void>;
}

const state = () =>
  processSingleton<Lifecycle>("lifecycle", () => {
    const shutdown = new AbortController();
    // Every open board stream listens for the shutdown (as many as the stream limits allow, not a
    // leak): without this Node.js warned of a leak from the eleventh tablet on.
    setMaxListeners(0, shutdown.signal);
    return { shutdown, hooks: [], inFlight: 0, drained: [] };
  });

/** Aborts when the process starts shutting down (streams close on it). */
export function shutdownSignal(): AbortSignal {
  return state().shutdown.signal;
}

export function shuttingDown(): boolean {
  return state().shutdown.signal.aborted;
}

/** Work to finish before exit (letting leases go), run in the order given. */
export function onShutdown(hook: () => Promise<void>): void {
  state().hooks.push(hook);
}

/** Counts a request being answered, until `work` settles; shutdown waits for these. */
export async function tracked<T>(work: () => Promise<T>): Promise<T> {
  const current = state();
  current.inFlight++;
  try {
    return await work();
  } finally {
    current.inFlight--;
    if (current.inFlight === 0) for (const resolve of current.drained.splice(0)) resolve();
  }
}

/**
 * Starts shutting down: not ready, streams ended, hooks run, then waits (at most `graceMs`) for
 * the requests in flight. Idempotent.
 */
export async function shutdown(graceMs = 10_000): Promise<void> {
  const current = state();
  if (current.shutdown.signal.aborted) return;
  current.shutdown.abort();
  for (const hook of current.hooks) await hook().catch(() => undefined);
  if (current.inFlight === 0) return;
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, graceMs);
    current.drained.push(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}
