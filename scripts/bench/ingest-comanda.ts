/**
 * The Comanda side of the end-to-end ingest bench (scripts/bench/ingest.ts): a process of its own
 * running the app's poller for one sandbox store, over real HTTP, on PGlite or PostgreSQL. It
 * answers its parent's "cpu" messages with its CPU time so far, so the bench counts Comanda's CPU
 * alone (the sandbox and the bench run in other processes).
 */
import { createTestDatabase } from "@/e2e/support/database";
import type { SandboxMerchant } from "@/e2e/support/sandbox-process";
import { connectTestStore } from "@/e2e/support/store-connection";
import { openDatabase, type DatabaseHandle } from "@/lib/db/client";
import { boundHeapGrowth } from "@/lib/process/heap";

export interface ComandaOptions {
  sandboxUrl: string;
  merchant: SandboxMerchant;
  /** PostgreSQL's address; PGlite in a temporary folder without it. */
  databaseUrl?: string;
  pollIntervalMs: number;
}

export type ComandaMessage = { ready: true } | { cpuMicros: number; rssBytes: number };

async function main(): Promise<void> {
  // As the server runs it (lib/process/start.ts).
  boundHeapGrowth();
  const options = JSON.parse(process.argv[2]!) as ComandaOptions;
  const database = await openComandaDatabase(options.databaseUrl);
  const { connection } = await connectTestStore({ url: options.sandboxUrl }, options.merchant, database, {
    intervalMs: options.pollIntervalMs,
  });
  connection.poller.start();
  const send = (message: ComandaMessage) => process.send!(message);
  process.on("message", (message) => {
    if (message !== "cpu") return;
    const { user, system } = process.cpuUsage();
    send({ cpuMicros: user + system, rssBytes: process.memoryUsage.rss() });
  });
  process.on("disconnect", () => {
    void connection.poller
      .stop()
      .then(() => database.close())
      .finally(() => process.exit(0));
  });
  send({ ready: true });
}

/** PostgreSQL at its address, or PGlite in a temporary folder removed on close. */
async function openComandaDatabase(databaseUrl?: string): Promise<Pick<DatabaseHandle, "db" | "close">> {
  if (databaseUrl) return openDatabase({ databaseUrl });
  const pglite = await createTestDatabase("pglite");
  return { db: pglite.db, close: () => pglite.destroy() };
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
