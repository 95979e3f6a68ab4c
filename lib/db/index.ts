import "server-only";
import path from "node:path";
import { env } from "@/lib/env";
import { openDatabase, type Database, type DatabaseHandle } from "./client";
import { processSingleton } from "@/lib/process/singleton";

export type { Database, DatabaseTransaction } from "./client";
export * as tables from "./schema";

// Next.js loads route handlers and instrumentation in separate module graphs (and reloads them
// in development), while PGlite allows one open instance per data directory and process: the
// handle is a process singleton that every graph shares.
const holder = () => processSingleton("db", () => ({ handle: undefined as Promise<DatabaseHandle> | undefined }));

function open(): Promise<DatabaseHandle> {
  return env.DATABASE_URL
    ? openDatabase({ databaseUrl: env.DATABASE_URL })
    : openDatabase({ dataDir: path.resolve(env.DATA_DIR, "pglite") });
}

export function getDatabaseHandle(): Promise<DatabaseHandle> {
  const slot = holder();
  // A failed open is forgotten, so the next caller tries again.
  slot.handle ??= open().catch((error: unknown) => {
    slot.handle = undefined;
    throw error;
  });
  return slot.handle;
}

export async function getDb(): Promise<Database> {
  return (await getDatabaseHandle()).db;
}
