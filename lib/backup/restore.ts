import "server-only";
import { existsSync, readdirSync, renameSync, rmSync } from "node:fs";
import { sql } from "drizzle-orm";
import { openDatabase, type DatabaseTransaction } from "@/lib/db/client";
import { rowsOf } from "@/lib/db/bulk";
import {
  BACKUP_VERSION,
  backupEndSchema,
  backupHeaderSchema,
  backupKeysSchema,
  backupSequencesSchema,
  backupTableSchema,
  splitBackupLine,
  type BackupHeader,
  type BackupKeys,
} from "./format";
import { migrationsUpTo } from "./migrations";

/** Rows inserted per statement: a few megabytes of JSON at most. */
const INSERT_ROWS = 500;

export type RestoreTarget = { databaseUrl: string } | { dataDir: string };

export interface RestoreOptions {
  target: RestoreTarget;
  /** Replace a target that holds data (PGlite's folder is moved aside, PostgreSQL's tables dropped). */
  force: boolean;
  /** Called with the header and keys before the target is touched; throwing stops the restore. */
  beforeWriting?: (header: BackupHeader, keys: BackupKeys | null) => void | Promise<void>;
  now?: Date;
}

export interface RestoreResult {
  header: BackupHeader;
  keys: BackupKeys | null;
  rows: Record<string, number>;
  /** Where a replaced PGlite folder was moved (with force). */
  movedAside?: string;
}

class RestoreRefused extends Error {
  override name = "RestoreRefused";
}

/**
 * Restores a backup (lib/backup/format.ts) into an empty database: brings it to the backup's
 * migration level, inserts every row in one transaction (all or nothing), sets the sequences,
 * checks the row counts against the file's end, then applies the later migrations. A target
 * that holds data is refused unless `force`.
 */
export async function restoreDatabase(lines: AsyncIterable<string>, options: RestoreOptions): Promise<RestoreResult> {
  const iterator = lines[Symbol.asyncIterator]();
  const next = async (): Promise<{ tag: string; json: string } | null> => {
    for (;;) {
      const item = await iterator.next();
      if (item.done) return null;
      const parsed = splitBackupLine(item.value);
      if (parsed) return parsed;
    }
  };

  const first = await next();
  if (first?.tag !== "H") throw new RestoreRefused("This is not a Comanda backup (it does not start with its header).");
  const header = backupHeaderSchema.parse(JSON.parse(first.json));
  if (header.version > BACKUP_VERSION)
    throw new RestoreRefused(
      `This backup's format is version ${header.version}; this Comanda reads up to ${BACKUP_VERSION}: restore it with a newer Comanda.`,
    );
  let line = await next();
  let keys: BackupKeys | null = null;
  if (line?.tag === "K") {
    keys = backupKeysSchema.parse(JSON.parse(line.json));
    line = await next();
  }
  const level = migrationsUpTo(header.migration.when);
  try {
    await options.beforeWriting?.(header, keys);
    const movedAside = await emptyTarget(options.target, options.force, options.now ?? new Date());

    // The schema as it was when the copy was taken, so that its rows fit.
    const handle = await openDatabase({ ...options.target, migrationsFolder: level.folder });
    let rows: Record<string, number>;
    try {
      rows = await handle.db.transaction(async (tx) => {
        if (handle.kind === "postgres") await tx.execute(sql`set local idle_in_transaction_session_timeout = 0`);
        return loadRows(tx, line, next);
      });
    } catch (error) {
      await handle.close();
      // All or nothing: PGlite's folder as it was (the schema made for the rows would make the
      // next restore see a database there), and a database moved aside by --force back in place.
      if ("dataDir" in options.target) {
        rmSync(options.target.dataDir, { recursive: true, force: true });
        if (movedAside) renameSync(movedAside, options.target.dataDir);
      }
      throw error;
    }
    await handle.close();
    // Then the migrations made since, applied to the restored rows as they are at every start.
    if (!level.latest) await (await openDatabase(options.target)).close();
    return { header, keys, rows, ...(movedAside ? { movedAside } : {}) };
  } finally {
    level.remove();
  }
}

/** Inserts the T/R lines' rows, sets the S line's sequences, checks the E line's counts. */
async function loadRows(
  tx: DatabaseTransaction,
  first: { tag: string; json: string } | null,
  next: () => Promise<{ tag: string; json: string } | null>,
): Promise<Record<string, number>> {
  const inserted: Record<string, number> = {};
  let table: { name: string; insert: (json: string) => Promise<void> } | null = null;
  let pending: string[] = [];
  const flush = async () => {
    if (table && pending.length > 0) await table.insert(`[${pending.join(",")}]`);
    pending = [];
  };
  for (let line = first; ; line = await next()) {
    if (!line) throw new RestoreRefused("This backup is cut short (it has no end line): take another one.");
    if (line.tag === "R") {
      if (!table) throw new RestoreRefused("This backup has a row before any table.");
      pending.push(line.json);
      inserted[table.name]! += 1;
      if (pending.length >= INSERT_ROWS) await flush();
      continue;
    }
    await flush();
    if (line.tag === "T") {
      const { table: name } = backupTableSchema.parse(JSON.parse(line.json));
      table = { name, insert: await inserter(tx, name) };
      inserted[name] = 0;
    } else if (line.tag === "S") {
      const { sequences } = backupSequencesSchema.parse(JSON.parse(line.json));
      for (const [name, value] of Object.entries(sequences)) {
        // Never called: the next value is the first one.
        if (value === null) await tx.execute(sql`select setval(${`public.${name}`}::regclass, 1, false)`);
        else await tx.execute(sql`select setval(${`public.${name}`}::regclass, ${value}::bigint, true)`);
      }
    } else if (line.tag === "E") {
      const { rows } = backupEndSchema.parse(JSON.parse(line.json));
      for (const name of new Set([...Object.keys(rows), ...Object.keys(inserted)]))
        if ((rows[name] ?? -1) !== (inserted[name] ?? -1))
          throw new RestoreRefused(
            `This backup is damaged: ${name} should have ${rows[name]} rows, it has ${inserted[name]}.`,
          );
      return inserted;
    } else throw new RestoreRefused(`Unexpected ${line.tag} line in this backup.`);
  }
}

/**
 * The statement that inserts a batch of one table's rows, as JSON, into the columns the table has
 * (generated ones left to the database; identity values kept as they were).
 */
async function inserter(tx: DatabaseTransaction, table: string): Promise<(json: string) => Promise<void>> {
  const columns = rowsOf<{ name: string; identity: string }>(
    await tx.execute(
      sql`select a.attname as name, a.attidentity::text as identity from pg_attribute a
          where a.attrelid = ${`public.${table}`}::regclass and a.attnum > 0 and not a.attisdropped
            and a.attgenerated = '' order by a.attnum`,
    ),
  );
  if (columns.length === 0) throw new RestoreRefused(`The backup's table ${table} is not in its schema.`);
  const list = sql.join(
    columns.map((column) => sql.identifier(column.name)),
    sql`, `,
  );
  const overriding = columns.some((column) => column.identity === "a") ? sql` overriding system value` : sql``;
  return async (json) => {
    await tx.execute(
      sql`insert into ${sql.identifier(table)} (${list})${overriding} select ${list} from json_populate_recordset(null::${sql.identifier(table)}, ${json}::json)`,
    );
  };
}

/**
 * Makes sure the target holds no data. An empty target (none, or a schema without rows) is
 * cleared of its schema; one with rows is refused unless `force`: PGlite's folder is then moved
 * aside (returned), PostgreSQL's tables and sequences dropped.
 */
async function emptyTarget(target: RestoreTarget, force: boolean, now: Date): Promise<string | undefined> {
  if ("dataDir" in target) {
    if (!existsSync(target.dataDir) || readdirSync(target.dataDir).length === 0) return undefined;
    if (!force)
      throw new RestoreRefused(
        `${target.dataDir} already holds a database: restore with --force to replace it (it is moved aside, not deleted). Stop Comanda first.`,
      );
    const aside = `${target.dataDir}.before-restore-${now.getTime()}`;
    renameSync(target.dataDir, aside);
    return aside;
  }
  const { Client } = await import("pg");
  const client = new Client({ connectionString: target.databaseUrl });
  await client.connect();
  try {
    const { rows: relations } = await client.query<{ name: string; kind: string }>(
      `select c.relname as name, c.relkind::text as kind from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind in ('r', 'p', 'S')`,
    );
    const tables = relations.filter((relation) => relation.kind !== "S").map((relation) => relation.name);
    let holdsRows = false;
    for (const table of tables) {
      const { rows } = await client.query(`select 1 from "${table.replace(/"/g, '""')}" limit 1`);
      if (rows.length > 0) holdsRows = true;
    }
    if (holdsRows && !force)
      throw new RestoreRefused(
        "The target database already holds data: restore with --force to replace it (its tables are dropped). Stop Comanda first.",
      );
    await client.query("begin");
    for (const table of tables) await client.query(`drop table if exists "${table.replace(/"/g, '""')}" cascade`);
    for (const sequence of relations.filter((relation) => relation.kind === "S"))
      await client.query(`drop sequence if exists "${sequence.name.replace(/"/g, '""')}" cascade`);
    await client.query("drop table if exists drizzle.__drizzle_migrations");
    await client.query("commit");
    return undefined;
  } finally {
    await client.end();
  }
}

export { RestoreRefused };
