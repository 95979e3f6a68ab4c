import "server-only";
import path from "node:path";
import { mkdir } from "node:fs/promises";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import * as schema from "./schema";

/** Both drivers (PGlite and node-postgres) give the same drizzle API over the same schema. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** What `db.transaction` hands its callback: the same queries, inside the transaction. */
export type DatabaseTransaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  close(): Promise<void>;
}

export type DatabaseOptions = { databaseUrl: string } | { dataDir: string };

const migrationsFolder = path.join(process.cwd(), "lib/db/migrations");

/**
 * Opens the database and applies the committed migrations. PostgreSQL when a URL is given,
 * otherwise PGlite (PostgreSQL in WebAssembly) in a directory of its own.
 */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if ("databaseUrl" in options) {
    const { Pool } = await import("pg");
    const { drizzle } = await import("drizzle-orm/node-postgres");
    const { migrate } = await import("drizzle-orm/node-postgres/migrator");
    const pool = new Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection the server ends (a restart, an administrator, a dropped test database)
    // is an 'error' event on the pool: unheard, it would end the process. The pool replaces it.
    pool.on("error", (error) => console.warn(`[db] idle PostgreSQL connection lost: ${error.message}`));
    const db = drizzle(pool, { schema });
    await migrate(db, { migrationsFolder });
    return { db: db as unknown as Database, kind: "postgres", close: () => pool.end() };
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  await mkdir(options.dataDir, { recursive: true });
  const client = await PGlite.create({ dataDir: options.dataDir });
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder });
  return { db: db as unknown as Database, kind: "pglite", close: () => client.close() };
}
