import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, describe, expect, it } from "vitest";
import { migrationsBefore, migrationsFolder } from "@/e2e/support/migrations";
import * as schema from "@/lib/db/schema";

// Migration 0022 adds menu_mappings (issue 28's "one menu, mapped"): a database of before it
// gains the table empty — every channel then serves its restaurant's whole menu, as before — and
// the table keeps each channel's pairs one to one.

const scratch = mkdtempSync(path.join(os.tmpdir(), "comanda-migration-0022-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("migration 0022 (menu mappings)", () => {
  it("adds an empty table that keeps a channel's pairs one to one", async () => {
    const client = await PGlite.create({ extensions: { pg_trgm } });
    const db = drizzle(client, { schema });
    await migrate(db, { migrationsFolder: migrationsBefore(22, scratch) });
    await client.query(`INSERT INTO merchant_controls (store_id) VALUES ('r-1')`);
    await migrate(db, { migrationsFolder });

    expect((await client.query(`SELECT count(*)::int AS n FROM menu_mappings`)).rows).toEqual([{ n: 0 }]);
    expect((await client.query(`SELECT store_id FROM merchant_controls`)).rows).toEqual([{ store_id: "r-1" }]);
    const insert = (channelItemId: number, itemId: number | null) =>
      client.query(
        `INSERT INTO menu_mappings (store_id, channel_id, channel_item_id, name, item_id, matched_by)
         VALUES ('r-1', 'c-b', $1, 'Pudim', $2, $3)`,
        [channelItemId, itemId, itemId === null ? null : "code"],
      );
    await insert(1, 10);
    await insert(2, null);
    await insert(3, null);
    // A second channel item on the same restaurant item, or the same channel item twice: refused.
    await expect(insert(4, 10)).rejects.toThrow(/menu_mappings_item_idx/);
    await expect(insert(1, 11)).rejects.toThrow(/menu_mappings_pk/);
    await client.close();
  });
});
