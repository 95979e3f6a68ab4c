import "server-only";
import { Socket } from "node:net";
import path from "node:path";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { makePrivateDir } from "@/lib/private-files";
import { PgliteGuard } from "./pglite-guard";
import { withDrizzleParsersInstalled } from "./pglite-parsers";
import * as schema from "./schema";

/** Both drivers (PGlite and node-postgres) give the same drizzle API over the same schema. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** What `db.transaction` hands its callback: the same queries, inside the transaction. */
export type DatabaseTransaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  close(): Promise<void>;
  /**
   * PGlite only: whether its disk takes writes now (a page written and synced beside its files).
   * Its reads go on from memory while the disk refuses writes, so a read says nothing about that.
   */
  acceptsWrites?(): boolean;
}

export type DatabaseOptions = (
  | { databaseUrl: string }
  | {
      dataDir: string;
      /** PGlite's statistics refresh (tests shorten it): first after, then every, in ms. */
      analyze?: { afterMs: number; everyMs: number };
    }
) & {
  /**
   * The migrations to apply: the committed ones by default. A restore (lib/backup) first brings
   * a new database only to its backup's level, so that the rows fit, then to the current one.
   */
  migrationsFolder?: string;
  /** false: open as it is, applying nothing (a backup reads a database at whatever level it is). */
  migrate?: boolean;
};

/** The committed migrations, applied at start. */
export const MIGRATIONS_FOLDER = path.join(process.cwd(), "lib/db/migrations");

/**
 * PGlite's PostgreSQL settings for memory (issue 31, point 4), on top of PGlite's own start
 * parameters. initdb writes shared_buffers = 128MB, and inside PGlite those buffers are pages of
 * its WebAssembly memory: they filled up to ~154 MB of the server's RSS while idle with a demo's
 * few MB of data. 32MB still holds the board's hot pages (the open orders, their indexes) many
 * times over; a page read beyond them comes from the operating system's file cache, not the
 * disk. Only a cache shrinks: what is written and when it reaches the disk is unchanged.
 */
const PGLITE_MEMORY_PARAMS = ["-c", "shared_buffers=32MB"];

/** The advisory lock key that serialises migrations between instances ("comanda:migrate"). */
const MIGRATION_LOCK = 0x636f6d61;

/**
 * PostgreSQL ends a session that sits idle inside a transaction this long. Our transactions never
 * wait on anything but the database (platform calls happen outside them), so only a frozen
 * instance (SIGSTOP, a VM paused, a GC stall) idles there; its locks — a poller lease's row, the
 * board sequence gate every instance's writes share — would otherwise stop every instance until
 * it woke (seen in lib/sync/chaos.test.ts). Its write fails instead; its events stay unacknowledged.
 */
const IDLE_IN_TRANSACTION_MS = 2_000;

/**
 * A PostgreSQL connection that sends nothing back for this long is taken for dead and closed: a
 * NAT or firewall that drops a connection silently leaves it open but deaf, and a query on it would
 * wait for ever (no reset ever comes). The pool closes idle connections after 5 s anyway; a query
 * of Comanda's that legitimately runs this long without a byte is past every budget it has.
 * Migrations, which may rebuild an index of a large table, run on a connection of their own.
 */
export const SILENT_CONNECTION_MS = 10_000;

/**
 * How every PostgreSQL connection of Comanda's is made (the pool's and the change listener's):
 * TCP keepalive on, a connect timeout, and a socket that is destroyed after SILENT_CONNECTION_MS
 * without traffic, so its query fails and the pool replaces the connection.
 */
export function postgresConnection(connectionString: string) {
  return {
    connectionString,
    keepAlive: true,
    connectionTimeoutMillis: 5_000,
    stream: () => {
      const socket = new Socket();
      socket.setTimeout(SILENT_CONNECTION_MS, () =>
        socket.destroy(new Error(`PostgreSQL sent nothing for ${SILENT_CONNECTION_MS / 1000} s: connection closed`)),
      );
      return socket;
    },
  };
}

/**
 * Opens the database and applies the committed migrations. PostgreSQL when a URL is given,
 * otherwise PGlite (PostgreSQL in WebAssembly) in a directory of its own.
 */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const migrationsFolder = options.migrationsFolder ?? MIGRATIONS_FOLDER;
  if ("databaseUrl" in options) {
    const { Client, Pool } = await import("pg");
    const { drizzle } = await import("drizzle-orm/node-postgres");
    const { migrate } = await import("drizzle-orm/node-postgres/migrator");
    const pool = new Pool({
      ...postgresConnection(options.databaseUrl),
      max: 10,
      // Idle connections are closed before the silence limit would take them for dead (pg's
      // default is the same 10 s, and the socket's timer, armed first, won: every connection that
      // went idle was logged as lost).
      idleTimeoutMillis: SILENT_CONNECTION_MS / 2,
      idle_in_transaction_session_timeout: IDLE_IN_TRANSACTION_MS,
    });
    // An idle connection the server ends (a restart, an administrator, a dropped test database)
    // is an 'error' event on the pool: unheard, it would end the process. The pool replaces it.
    pool.on("error", (error) => console.warn(`[db] idle PostgreSQL connection lost: ${error.message}`));
    // A connection ended while checked out between two queries (inside a transaction waiting on
    // something else) emits 'error' on its client, which the pool no longer listens to: unheard,
    // it too would end the process (seen with pg_terminate_backend in lib/sync/chaos.test.ts).
    // The pending or next query fails, and the pool drops the broken client on release.
    pool.on("connect", (client) =>
      client.on("error", (error) => console.warn(`[db] PostgreSQL connection lost: ${error.message}`)),
    );
    const db = drizzle(pool, { schema });
    // Instances starting together on a fresh database would each create the same tables: one
    // migrates under a session lock while the others wait, then find nothing left to do. Its own
    // connection, without the silence limit: waiting for the lock, or building an index, is quiet.
    if (options.migrate !== false) {
      const client = new Client({ connectionString: options.databaseUrl, keepAlive: true });
      await client.connect();
      try {
        await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
        await migrate(drizzle(client, { schema }), { migrationsFolder });
      } finally {
        await client.end().catch(() => undefined);
      }
    }
    return { db: db as unknown as Database, kind: "postgres", close: () => pool.end() };
  }
  const { PGlite, types } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  // The database files are the restaurant's orders and customers: the server's user only.
  makePrivateDir(options.dataDir);
  // pg_trgm: the history's search indexes (migration 0019).
  const create = async () =>
    withDrizzleParsersInstalled(
      await PGlite.create({
        dataDir: options.dataDir,
        extensions: { pg_trgm },
        startParams: [...PGlite.defaultStartParams, ...PGLITE_MEMORY_PARAMS],
        serializers: { [types.JSONB]: jsonbInBinary(types.serializers[types.JSONB]!) },
      }),
    );
  // A disk that turns read-only or full breaks a PGlite instance for good: the guard refuses its
  // queries from the first refused write and opens a new one once the disk takes writes again.
  const guard = new PgliteGuard(await create(), options.dataDir, create);
  const client = guard.client;
  const db = drizzle(client, { schema });
  if (options.migrate !== false) await migrate(db, { migrationsFolder });
  const analyzer = keepStatisticsFresh(() => client.exec("analyze"), options.analyze);
  return {
    db: db as unknown as Database,
    kind: "pglite",
    acceptsWrites: () => guard.acceptsWrites(),
    close: () => {
      clearTimeout(analyzer.timer);
      clearInterval(analyzer.interval);
      return guard.close();
    },
  };
}

/**
 * PGlite's serializer of jsonb parameters, sending them in jsonb's binary format: a version byte
 * (1), then the JSON text's UTF-8 bytes, encoded once, natively. Sent as text, PGlite's protocol
 * writer walks each string character by character, twice, to measure it before encoding it; a
 * poll's order rows are one jsonb parameter of megabytes (lib/db/bulk.ts), and that walk took
 * ~8% of the ingest's CPU.
 */
function jsonbInBinary(serializeJson: (value: unknown) => string) {
  return (value: unknown) => {
    const text = serializeJson(value);
    const bytes = Buffer.allocUnsafe(1 + Buffer.byteLength(text, "utf8"));
    bytes[0] = JSONB_BINARY_VERSION;
    bytes.write(text, 1, "utf8");
    // PGlite's type says a serializer returns a string; its writer sends bytes as they are, in binary format.
    return bytes as unknown as string;
  };
}

/** The only version of jsonb's binary format (PostgreSQL's jsonb_recv refuses any other). */
const JSONB_BINARY_VERSION = 1;

/** When PGlite's planner statistics are first refreshed after opening, then how often. */
const ANALYZE_SCHEDULE = { afterMs: 60_000, everyMs: 3_600_000 };

/**
 * PGlite has no autovacuum, so nothing ever runs ANALYZE: the planner keeps believing each table
 * is nearly empty and picks nested loops that scan an index per row (a 90-day report of 9,000
 * orders took 80 s instead of 2). A minute after opening, then hourly, the statistics are
 * refreshed; timers do not keep the process alive, and a failure only waits for the next turn.
 */
function keepStatisticsFresh(analyze: () => Promise<unknown>, schedule = ANALYZE_SCHEDULE) {
  const run = () => void analyze().catch((error: unknown) => console.warn(`[db] analyze failed: ${String(error)}`));
  const timer = setTimeout(run, schedule.afterMs);
  const interval = setInterval(run, schedule.everyMs);
  timer.unref();
  interval.unref();
  return { timer, interval };
}
