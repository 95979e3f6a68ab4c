import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import * as schema from "@/lib/db/schema";

/** The committed migrations folder. */
export const migrationsFolder = path.join(process.cwd(), "lib/db/migrations");

/**
 * A copy of the committed migrations up to (not including) number `index`, in `scratch`: a
 * migration test builds the database as it was before, writes rows, then migrates to the end.
 */
export function migrationsBefore(index: number, scratch: string): string {
  const folder = path.join(scratch, `before-${index}`);
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalFile = path.join(folder, "meta/_journal.json");
  const journal = JSON.parse(readFileSync(journalFile, "utf8")) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((entry) => entry.idx < index);
  writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

/**
 * A PGlite database migrated up to (not including) migration `index`, and how to run the rest: a
 * migration test writes rows as they were before it, then migrates to the end and checks them.
 */
export async function databaseBefore(index: number) {
  const scratch = mkdtempSync(path.join(os.tmpdir(), `comanda-migration-${index}-`));
  const client = await PGlite.create({ extensions: { pg_trgm } });
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder: migrationsBefore(index, scratch) });
  return {
    client,
    db,
    migrateToEnd: () => migrate(db, { migrationsFolder }),
    close: async () => {
      await client.close();
      rmSync(scratch, { recursive: true, force: true });
    },
  };
}
