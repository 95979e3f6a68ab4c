import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, describe, expect, it } from "vitest";

// Migration 0018 (hold and fire): the print jobs written before it are the confirm's (fire minute
// 0) and still print once; a station's held lines may then have a second job of their own.

const migrations = path.join(process.cwd(), "lib/db/migrations");
const scratch = mkdtempSync(path.join(os.tmpdir(), "comanda-migration-0018-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The committed migrations up to (not including) 0018. */
function migrationsBefore0018(): string {
  const folder = path.join(scratch, "before");
  cpSync(migrations, folder, { recursive: true });
  const journalFile = path.join(folder, "meta/_journal.json");
  const journal = JSON.parse(readFileSync(journalFile, "utf8")) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((entry) => entry.idx < 18);
  writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

describe("migration 0018 (hold and fire)", () => {
  it("keeps existing jobs as the confirm's, one per order and printer, and stations without times", async () => {
    const client = await PGlite.create();
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: migrationsBefore0018() });
    await client.exec(`
      INSERT INTO kitchen_stations (store_id, name, position) VALUES ('a', 'Forno', 0);
      INSERT INTO store_printers (id, store_id, name, host, code_page, paper_width) VALUES (1, 'a', 'Forno', '10.0.0.9', 'cp860', 80);
      INSERT INTO print_jobs (store_id, printer_id, order_id, ticket, created_at, next_attempt_at)
        VALUES ('a', 1, 'o1', '{}', now(), now());
    `);
    await migrate(db, { migrationsFolder: migrations });

    expect((await client.query(`SELECT fire_minute FROM print_jobs`)).rows).toEqual([{ fire_minute: 0 }]);
    expect((await client.query(`SELECT prep_minutes FROM kitchen_stations`)).rows).toEqual([{ prep_minutes: null }]);
    const insert = (minute: number) =>
      client.query(
        `INSERT INTO print_jobs (store_id, printer_id, order_id, ticket, created_at, next_attempt_at, fire_minute)
         VALUES ('a', 1, 'o1', '{}', now(), now(), $1) ON CONFLICT DO NOTHING RETURNING id`,
        [minute],
      );
    // The confirm's job again: nothing; the held lines' job at 18 min: one, once.
    expect((await insert(0)).rows).toHaveLength(0);
    expect((await insert(18)).rows).toHaveLength(1);
    expect((await insert(18)).rows).toHaveLength(0);
    await client.exec(`INSERT INTO item_prep_times (store_id, kind, ref_id, minutes) VALUES ('a', 'item', 12, 8)`);
    await expect(
      client.exec(`INSERT INTO item_prep_times (store_id, kind, ref_id, minutes) VALUES ('a', 'item', 12, 9)`),
    ).rejects.toThrow();
    await client.close();
  });
});
