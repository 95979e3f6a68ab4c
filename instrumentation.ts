/**
 * Runs once when the Next.js server starts: Comanda's start-up (lib/process/start.ts). NEXT_RUNTIME
 * is read here, not through lib/env, because it must be checked before any Node-only module is
 * loaded.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { startComanda } = await import("./lib/process/start");
  await startComanda();
}
