/**
 * A production build's server with a database seeded for a browser bench. The embedded database
 * (PGlite) belongs to one process at a time, so: start the server once (it migrates, creates the
 * demo accounts and its stores from the embedded sandbox), ask the sandbox for the stores' ids,
 * stop it, write the orders straight into its data directory, and start it again.
 * Run under `--conditions=react-server` (the database modules are server-only).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { Database } from "@/lib/db";
import { openDatabase } from "@/lib/db/client";
import { buildIfNeeded } from "../build-if-needed.mjs";
import { freePort, waitFor } from "./local-server";

export interface SeededServer {
  baseURL: string;
  stop(): Promise<void>;
}

function startNext(port: number, dataDir: string, databaseUrl = ""): ChildProcess {
  return spawn(
    path.join("node_modules", ".bin", "next"),
    ["start", "--port", String(port), "--hostname", "127.0.0.1"],
    {
      stdio: ["ignore", "ignore", "inherit"],
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: dataDir,
        // The embedded sandbox and PGlite (or the given PostgreSQL database), the simulator off:
        // the seeded orders are all there is.
        DATABASE_URL: databaseUrl,
        // PostgreSQL asks for these (lib/env): fixed, bench-only values, so a kept bench database's
        // stored secrets stay readable from one run to the next.
        ...(databaseUrl
          ? {
              SECRETS_KEY: Buffer.alloc(32, "bench-secrets").toString("base64"),
              AUTH_SECRET: Buffer.alloc(32, "bench-auth").toString("base64"),
            }
          : {}),
        PLATFORM_BASE_URL: "",
        SANDBOX_URL: "",
        SANDBOX_SIMULATOR_INTERVAL_SECONDS: "0",
        POLL_INTERVAL_SECONDS: "5",
        LOG_LEVEL: "warn",
        NEXT_TELEMETRY_DISABLED: "1",
      },
    },
  );
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

export async function startSeededServer(
  seed: (db: Database, storeIds: string[]) => Promise<void>,
  options: { databaseUrl?: string } = {},
): Promise<SeededServer> {
  buildIfNeeded();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "comanda-bench-"));
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  // Started means polling, not only answering: the server seeds the sandbox's demo accounts
  // (lib/process/start.ts) after /api/health first answers 200 — with no store polled yet it is
  // vacuously healthy — and before its pollers start. A bench signing in on the first 200 met no
  // manager yet (HTTP 401). Health lists each channel with whether this process polls it.
  const healthy = () =>
    waitFor("the server to poll its stores", 240_000, async () => {
      const response = await fetch(`${baseURL}/api/health`);
      if (!response.ok) return undefined;
      const health = (await response.json()) as { stores: Array<{ polling: boolean }> };
      return health.stores.length > 0 && health.stores.every((store) => store.polling) ? true : undefined;
    });

  const { databaseUrl } = options;
  let server = startNext(port, dataDir, databaseUrl);
  try {
    await healthy();
    const merchants = (await (await fetch(`${baseURL}/sandbox/control/merchants`)).json()) as Array<{
      merchantId: string;
    }>;
    await stopProcess(server);
    const database = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir: path.join(dataDir, "pglite") });
    try {
      await seed(
        database.db,
        merchants.map((merchant) => merchant.merchantId),
      );
      // Fresh planner statistics, as a server that has run a while has them (lib/db/client.ts).
      await database.db.execute(sql`analyze`);
    } finally {
      await database.close();
    }
    server = startNext(port, dataDir, databaseUrl);
    await healthy();
  } catch (error) {
    await stopProcess(server);
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    baseURL,
    stop: async () => {
      await stopProcess(server);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
