import { cpSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

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
