import "server-only";
import { cpSync, mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { Database } from "@/lib/db";
import { MIGRATIONS_FOLDER } from "@/lib/db/client";
import { rowsOf } from "@/lib/db/bulk";

// A backup's rows fit the schema of the migration level they were copied at. A restore brings the
// new database to that level, loads the rows, then applies the later migrations, which move the
// data along as they did (or would have) on the running server.

interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
  [key: string]: unknown;
}

/** drizzle's journal of the committed migrations. */
export function committedMigrations(folder = MIGRATIONS_FOLDER): JournalEntry[] {
  const journal = JSON.parse(readFileSync(path.join(folder, "meta", "_journal.json"), "utf8")) as {
    entries: JournalEntry[];
  };
  return journal.entries;
}

/** The database's level: its last applied migration (drizzle records each one's journal time). */
export async function migrationLevel(db: Database): Promise<{ when: number; tag: string | null; applied: number }> {
  const [row] = rowsOf<{ when: string | null; applied: string }>(
    await db.execute(
      sql`select max(created_at)::text as "when", count(*)::text as applied from drizzle.__drizzle_migrations`,
    ),
  );
  const when = Number(row?.when ?? 0);
  return {
    when,
    tag: committedMigrations().find((entry) => entry.when === when)?.tag ?? null,
    applied: Number(row?.applied ?? 0),
  };
}

/**
 * A folder with the committed migrations up to `when` only, for openDatabase (`latest` when
 * that is all of them); removed by `remove`. Throws when `when` is no committed migration's (a
 * newer Comanda's backup).
 */
export function migrationsUpTo(when: number): { folder: string; latest: boolean; remove: () => void } {
  const entries = committedMigrations();
  const last = entries.findIndex((entry) => entry.when === when);
  if (last < 0)
    throw new Error(
      `This backup was made at a migration this Comanda does not have (${when}): restore it with the version that made it, or a newer one.`,
    );
  const folder = mkdtempSync(path.join(os.tmpdir(), "comanda-migrations-"));
  mkdirSync(path.join(folder, "meta"));
  const kept = entries.slice(0, last + 1);
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, "meta", "_journal.json"), "utf8")) as object;
  writeFileSync(path.join(folder, "meta", "_journal.json"), JSON.stringify({ ...journal, entries: kept }));
  for (const entry of kept)
    cpSync(path.join(MIGRATIONS_FOLDER, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
  return {
    folder,
    latest: last === entries.length - 1,
    remove: () => rmSync(folder, { recursive: true, force: true }),
  };
}
