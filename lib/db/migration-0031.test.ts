import { describe, expect, it } from "vitest";
import { databaseBefore } from "@/e2e/support/migrations";
import { boardCard } from "@/e2e/support/board-card";
import { historyFiltersSchema } from "@/lib/contract/history";
import type { Database } from "@/lib/db";
import { listHistory } from "@/lib/history/history";
import { typeRank } from "@/lib/history/sorting";

// Migration 0031 (issue 31) keeps each order's type rank as a column with an index, so the
// history's type sort reads type by type in time order. Orders stored before it must get the
// rank sorting.ts gives their type (an unknown type or none last), and sort by it at once.

const STORE = "store-0031";
const TYPES = ["TAKEOUT", "CURBSIDE", "DELIVERY", "", "INDOOR"];

describe("migration 0031 (history type rank)", () => {
  it("ranks the orders stored before it as sorting.ts does, and the type sort reads them in that order", async () => {
    const database = await databaseBefore(29);
    try {
      for (const [index, type] of TYPES.entries()) {
        const board = boardCard({
          id: `o-${index}`,
          storeId: STORE,
          type,
          placedAt: `2026-03-02T15:0${index}:00.000Z`,
        });
        await database.client.query(
          `INSERT INTO orders (id, store_id, channel_id, board, board_column, seq, placed_at)
           VALUES ($1, $2, $2, $3::jsonb, $4, $5, $6)`,
          [board.id, STORE, JSON.stringify(board), board.column, index + 1, board.placedAt],
        );
      }
      await database.migrateToEnd();

      const { rows } = await database.client.query<{ id: string; type_rank: number }>(
        `SELECT id, type_rank FROM orders ORDER BY id`,
      );
      expect(rows).toEqual(TYPES.map((type, index) => ({ id: `o-${index}`, type_rank: typeRank(type || null) })));

      const ids = async (dir: "asc" | "desc") =>
        (
          await listHistory(
            database.db as unknown as Database,
            { stores: [{ id: STORE, name: "Loja" }] },
            historyFiltersSchema.parse({ from: "2026-03-01", to: "2026-03-03", sort: "type", dir }),
          )
        ).rows.map((row) => row.id);
      // Delivery, takeout, indoor, then the unknown and the missing type, newest first among them.
      expect(await ids("asc")).toEqual(["o-2", "o-0", "o-4", "o-3", "o-1"]);
      expect(await ids("desc")).toEqual(["o-3", "o-1", "o-4", "o-0", "o-2"]);
    } finally {
      await database.close();
    }
  }, 60_000);
});
