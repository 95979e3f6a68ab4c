import "server-only";
import { sql } from "drizzle-orm";
import type { DatabaseHandle, DatabaseTransaction } from "@/lib/db/client";
import { rowsOf } from "@/lib/db/bulk";
import { BACKUP_FORMAT, BACKUP_VERSION, backupLine, type BackupHeader } from "./format";
import { migrationLevel } from "./migrations";

/**
 * Coordination state that belongs to the instances running now, not to the restaurant: which
 * instances are alive and which holds which poller. A restored Comanda starts with none and
 * takes its leases at its first round.
 */
export const EPHEMERAL_TABLES: readonly string[] = ["instances", "poller_leases"];

/** Rows read per fetch from a table's cursor: memory stays flat whatever the table's size. */
const FETCH_ROWS = 1_000;
/** Lines are handed to the sink in chunks of about this many characters. */
const CHUNK_CHARS = 256 * 1024;

export interface DumpSummary {
  header: BackupHeader;
  rows: Record<string, number>;
}

/**
 * Writes a consistent copy of every table of the database as backup lines (lib/backup/format.ts)
 * to `write`, in one read-only snapshot: REPEATABLE READ on PostgreSQL, where writers go on
 * meanwhile; on PGlite (one connection) a transaction, which holds other queries back while it
 * runs — so `write` should be fast (a local file), never a remote client.
 */
export async function dumpDatabase(
  handle: Pick<DatabaseHandle, "db" | "kind">,
  keyFingerprints: BackupHeader["keyFingerprints"],
  write: (text: string) => Promise<void>,
  now = new Date(),
): Promise<DumpSummary> {
  let chunk = "";
  const line = async (text: string) => {
    chunk += `${text}\n`;
    if (chunk.length >= CHUNK_CHARS) {
      const full = chunk;
      chunk = "";
      await write(full);
    }
  };
  const summary = await handle.db.transaction(
    async (tx) => {
      // The pool ends a session idle in a transaction after 2 s (lib/db/client.ts); this one
      // only reads, and may wait on its sink between fetches.
      if (handle.kind === "postgres") await tx.execute(sql`set local idle_in_transaction_session_timeout = 0`);
      const header: BackupHeader = {
        format: BACKUP_FORMAT,
        version: BACKUP_VERSION,
        createdAt: now.toISOString(),
        source: handle.kind,
        migration: await migrationLevel(tx),
        keyFingerprints,
      };
      await line(backupLine("H", JSON.stringify(header)));
      const rows: Record<string, number> = {};
      for (const table of await tablesInLoadOrder(tx)) {
        await line(backupLine("T", JSON.stringify({ table })));
        rows[table] = 0;
        await tx.execute(
          sql.raw(`declare backup_rows no scroll cursor for select row_to_json(t)::text as r from "${table}" t`),
        );
        for (;;) {
          const batch = rowsOf<{ r: string }>(await tx.execute(sql.raw(`fetch ${FETCH_ROWS} from backup_rows`)));
          // One row, one line: JSON strings hold no raw line break, and outside them a line
          // break is only white space (a json column keeps its input's), as good as a space.
          for (const row of batch) await line(backupLine("R", row.r.replace(/[\r\n]/g, " ")));
          rows[table] += batch.length;
          if (batch.length < FETCH_ROWS) break;
        }
        await tx.execute(sql`close backup_rows`);
      }
      // Read after the rows: a sequence is not part of the snapshot, and read now it is at least
      // every value the copied rows took from it.
      const sequences = rowsOf<{ name: string; value: string | null }>(
        await tx.execute(
          sql`select sequencename as name, last_value::text as value from pg_sequences where schemaname = 'public' order by sequencename`,
        ),
      );
      await line(
        backupLine(
          "S",
          JSON.stringify({
            sequences: Object.fromEntries(sequences.map((sequence) => [sequence.name, sequence.value])),
          }),
        ),
      );
      await line(backupLine("E", JSON.stringify({ rows })));
      return { header, rows };
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
  if (chunk) await write(chunk);
  return summary;
}

/**
 * The schema's tables (ephemeral ones left out), each after the tables its foreign keys point
 * to, so that a restore inserts them in this order.
 */
export async function tablesInLoadOrder(tx: DatabaseTransaction | DatabaseHandle["db"]): Promise<string[]> {
  const tables = rowsOf<{ name: string }>(
    await tx.execute(
      sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind in ('r', 'p') order by c.relname`,
    ),
  )
    .map((row) => row.name)
    .filter((name) => !EPHEMERAL_TABLES.includes(name));
  const references = rowsOf<{ child: string; parent: string }>(
    await tx.execute(
      sql`select child.relname as child, parent.relname as parent from pg_constraint f
          join pg_class child on child.oid = f.conrelid join pg_class parent on parent.oid = f.confrelid
          join pg_namespace n on n.oid = f.connamespace
          where f.contype = 'f' and n.nspname = 'public'`,
    ),
  );
  const ordered: string[] = [];
  const placing = new Set<string>();
  const place = (table: string) => {
    if (ordered.includes(table)) return;
    if (placing.has(table)) throw new Error(`Foreign keys form a cycle through ${table}: no order to restore in`);
    placing.add(table);
    for (const { parent } of references.filter((reference) => reference.child === table && reference.parent !== table))
      if (tables.includes(parent)) place(parent);
    placing.delete(table);
    ordered.push(table);
  };
  for (const table of tables) place(table);
  return ordered;
}
