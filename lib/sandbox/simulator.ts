import type { Platform } from "./platform";

// Customers ordering: a random order (merchant, type, timing, payment) every N seconds, each
// queuing its CREATED event like any other order. The later issue routes this through the
// store API; the effect on the interchange side is the same.

export function startSimulator(platform: Platform, intervalSeconds: number, warn: (message: string) => void): () => void {
  if (!(intervalSeconds > 0)) return () => {};
  const timer = setInterval(() => {
    try {
      platform.createOrder(undefined, {});
    } catch (error) {
      warn(`[sandbox] simulator could not create an order: ${String(error)}`);
    }
  }, intervalSeconds * 1000);
  // Never the reason a process stays alive: the HTTP server (or Next.js) is.
  timer.unref();
  return () => clearInterval(timer);
}
