import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, describe, expect, it } from "vitest";
import { migrationsBefore, migrationsFolder } from "@/e2e/support/migrations";

// Migration 0018 (hold and fire): the print jobs written before it are the confirm's (fire minute
// 0) and still print once; a station's held lines may then have a second job of their own.

const scratch = mkdtempSync(path.join(os.tmpdir(), "comanda-migration-0018-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("migration 0018 (hold and fire)", () => {
  it("keeps existing jobs as the confirm's, one per order and printer, and stations without times", async () => {
    // pg_trgm: the later migrations' history indexes (0019), as lib/db/client.ts loads it.
    const client = await PGlite.create({ extensions: { pg_trgm } });
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: migrationsBefore(18, scratch) });
    await client.exec(`
      INSERT INTO kitchen_stations (store_id, name, position) VALUES ('a', 'Forno', 0);
      INSERT INTO store_printers (id, store_id, name, host, code_page, paper_width) VALUES (1, 'a', 'Forno', '10.0.0.9', 'cp860', 80);
      INSERT INTO print_jobs (store_id, printer_id, order_id, ticket, created_at, next_attempt_at)
        VALUES ('a', 1, 'o1', '{}', now(), now());
    `);
    await migrate(db, { migrationsFolder });

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
