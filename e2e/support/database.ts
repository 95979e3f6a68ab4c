import "server-only";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { openDatabase, type DatabaseHandle } from "../../lib/db/client";
import { platformConnections } from "../../lib/db/schema";
import { connectToPostgresServer } from "./postgres-server";

/**
 * Test databases: PGlite always, and PostgreSQL too when TEST_DATABASE_URL is set. Each test
 * database is new and private (a temporary directory, or a freshly created PostgreSQL database
 * dropped afterwards), so test files can run in parallel.
 */
export const testDatabaseKinds: Array<"pglite" | "postgres"> = process.env.TEST_DATABASE_URL
  ? ["pglite", "postgres"]
  : ["pglite"];

export interface TestDatabase extends DatabaseHandle {
  /** PostgreSQL's address of this database (for another process or handle); none for PGlite. */
  url?: string;
  /** Reopens the same database, as a restarted process would. */
  reopen(): Promise<TestDatabase>;
  destroy(): Promise<void>;
}

export async function createTestDatabase(kind: "pglite" | "postgres"): Promise<TestDatabase> {
  if (kind === "pglite") {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "comanda-db-"));
    return wrap(
      () => openDatabase({ dataDir }),
      () => rm(dataDir, { recursive: true, force: true }),
    );
  }
  const { url, drop } = await createEmptyPostgresDatabase();
  return wrap(() => openDatabase({ databaseUrl: url }), drop, url);
}

/** A new, empty PostgreSQL database on TEST_DATABASE_URL's server (no migrations applied). */
export async function createEmptyPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DATABASE_URL is not set");
  const name = `comanda_test_${randomBytes(6).toString("hex")}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

async function wrap(
  open: () => Promise<DatabaseHandle>,
  remove: () => Promise<unknown>,
  url?: string,
): Promise<TestDatabase> {
  const handle = await open();
  const test: TestDatabase = {
    ...handle,
    url,
    reopen: async () => {
      await handle.close();
      return wrap(open, remove, url);
    },
    destroy: async () => {
      await handle.close().catch(() => undefined);
      await remove();
    },
  };
  return test;
}

async function adminQuery(url: string, statement: string): Promise<void> {
  const client = await connectToPostgresServer(url);
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** The connection of stores that tests write directly (a store belongs to a platform connection). */
export const TEST_CONNECTION_ID = "test-connection";

/** Inserts the TEST_CONNECTION_ID connection (once) for tests that insert store rows themselves. */
export async function insertTestConnection(db: DatabaseHandle["db"]): Promise<void> {
  await db
    .insert(platformConnections)
    .values({
      id: TEST_CONNECTION_ID,
      name: "Test platform",
      baseUrl: "https://platform.example",
      clientId: "client",
      clientSecretEncrypted: "x",
      pollIntervalSeconds: 5,
    })
    .onConflictDoNothing();
}
