import "server-only";
import path from "node:path";
import { env } from "@/lib/env";
import { openDatabase, type Database, type DatabaseHandle } from "./client";

export type { Database } from "./client";
export * as tables from "./schema";

// Next.js loads route handlers and instrumentation in separate module graphs (and reloads them
// in development), while PGlite allows one open instance per data directory and process: the
// handle lives on globalThis so every graph shares one.
const holder = globalThis as typeof globalThis & { __comandaDb?: Promise<DatabaseHandle> };

function open(): Promise<DatabaseHandle> {
  return env.DATABASE_URL
    ? openDatabase({ databaseUrl: env.DATABASE_URL })
    : openDatabase({ dataDir: path.resolve(env.DATA_DIR, "pglite") });
}

export function getDatabaseHandle(): Promise<DatabaseHandle> {
  holder.__comandaDb ??= open().catch((error: unknown) => {
    holder.__comandaDb = undefined;
    throw error;
  });
  return holder.__comandaDb;
}

export async function getDb(): Promise<Database> {
  return (await getDatabaseHandle()).db;
}
