import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, describe, expect, it } from "vitest";
import { migrationsBefore, migrationsFolder } from "@/e2e/support/migrations";
import { boardCard } from "@/e2e/support/board-card";
import { historyFiltersSchema } from "@/lib/contract/history";
import type { Database } from "@/lib/db";
import * as schema from "@/lib/db/schema";
import { listHistory } from "@/lib/history/history";

// Migration 0019 adds the history's search and sort keys as columns the database computes from
// each order's board and details, with their indexes: orders stored before it must get them too,
// and be found by name, phone and number, and sorted by total, as soon as it has run.

const scratch = mkdtempSync(path.join(os.tmpdir(), "comanda-migration-0019-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const STORE = "store-0019";
const placedAt = "2026-03-02T15:00:00.000Z";

function order(id: string, displayId: string, customerName: string | null, total: number | null, phone?: string) {
  const board = boardCard({
    id,
    storeId: STORE,
    displayId,
    customerName,
    total: total === null ? null : { value: total, currency: "BRL" },
    placedAt,
  });
  const details = phone ? { customer: { name: customerName, phone: { number: phone } } } : null;
  return [id, STORE, JSON.stringify(details), JSON.stringify(board), board.column, 1, placedAt];
}

describe("migration 0019 (history search)", () => {
  it("computes the search and sort keys of orders stored before it, and the history finds them", async () => {
    const client = await PGlite.create({ extensions: { pg_trgm } });
    const db = drizzle(client, { schema });
    await migrate(db, { migrationsFolder: migrationsBefore(19, scratch) });
    for (const values of [
      order("o-1", "A-731", "João Conceição", 42.5, "(11) 98765-4321"),
      order("o-2", "732", "ÂNGELA Ávila", 12.34, "+55 21 91234-0000"),
      order("o-3", "733", null, null),
    ]) {
      await client.query(
        `INSERT INTO orders (id, store_id, details, board, board_column, seq, placed_at)
         VALUES ($1, $2, $3::jsonb, $4::jsonb, $5, $6, $7)`,
        values,
      );
    }
    await migrate(db, { migrationsFolder });

    const { rows } = await client.query(
      `SELECT id, total_cents, phone_digits, search_name, search_display_id FROM orders ORDER BY id`,
    );
    expect(rows).toEqual([
      {
        id: "o-1",
        total_cents: 4250,
        phone_digits: "11987654321",
        search_name: "joao conceicao",
        search_display_id: "a-731",
      },
      {
        id: "o-2",
        total_cents: 1234,
        phone_digits: "5521912340000",
        search_name: "angela avila",
        search_display_id: "732",
      },
      { id: "o-3", total_cents: null, phone_digits: "", search_name: "", search_display_id: "733" },
    ]);
    const indexes = await client.query<{ indexname: string }>(
      `SELECT indexname FROM pg_indexes WHERE tablename = 'orders' ORDER BY indexname`,
    );
    expect(indexes.rows.map((row) => row.indexname)).toEqual(
      expect.arrayContaining(["orders_placed_idx", "orders_search_idx", "orders_store_placed_idx", "orders_total_idx"]),
    );

    const scope = { stores: [{ id: STORE, name: "Loja" }] };
    const ids = async (input: Record<string, string>) =>
      (
        await listHistory(
          db as unknown as Database,
          scope,
          historyFiltersSchema.parse({ from: "2026-03-01", to: "2026-03-03", ...input }),
        )
      ).rows.map((row) => row.id);
    expect(await ids({ q: "Conceição" })).toEqual(["o-1"]);
    expect(await ids({ q: "angela" })).toEqual(["o-2"]);
    expect(await ids({ q: "98765-4321" })).toEqual(["o-1"]);
    expect(await ids({ q: "#a-73" })).toEqual(["o-1"]);
    expect(await ids({ q: "73" })).toEqual(["o-3", "o-2"]);
    expect(await ids({ sort: "total" })).toEqual(["o-1", "o-2", "o-3"]);

    // A total no bigint of cents holds (a hostile platform's 1e308) is stored, without a sort key:
    // a generated column that failed would refuse the order's whole write.
    const [id, ...rest] = order("o-4", "734", "Ana", 1, undefined);
    const huge = (rest[2] as string).replace('"value":1,', '"value":1e308,');
    // Written after 0020: the order names its channel (its store's, as 0020 made it).
    await client.query(
      `INSERT INTO orders (id, store_id, channel_id, details, board, board_column, seq, placed_at)
       VALUES ($1, $2, $2, $3::jsonb, $4::jsonb, $5, $6, $7)`,
      [id, rest[0], rest[1], huge, ...rest.slice(3)],
    );
    const stored = await client.query(`SELECT total_cents FROM orders WHERE id = 'o-4'`);
    expect(stored.rows).toEqual([{ total_cents: null }]);
    await client.close();
  });
});
