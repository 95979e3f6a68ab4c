import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@/e2e/support/database";
import { orders } from "@/lib/db/schema";
import { boardCard } from "@/e2e/support/board-card";
import { FINISHED_WINDOW_MS } from "@/lib/orders/lanes";
import type { BoardColumn, BoardOrder } from "@/lib/contract/board";
import { getBoardSnapshot } from "./board";

const NOW = new Date("2026-01-01T20:00:00Z");

function card(id: string, column: BoardColumn, seq: number): BoardOrder {
  return boardCard({
    id,
    storeId: "store-1",
    displayId: id,
    type: "TAKEOUT",
    placedAt: "2026-01-01T15:00:00Z",
    column,
    seq,
  });
}

describe("getBoardSnapshot", () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    const row = (id: string, column: BoardColumn, seq: number, updatedMsAgo: number) => ({
      id,
      storeId: "store-1",
      board: card(id, column, seq),
      boardColumn: column,
      seq,
      placedAt: new Date("2026-01-01T15:00:00Z"),
      updatedAt: new Date(NOW.getTime() - updatedMsAgo),
    });
    await database.db
      .insert(orders)
      .values([
        row("active-old", "preparing", 1, 5 * FINISHED_WINDOW_MS),
        row("done-recent", "done", 2, FINISHED_WINDOW_MS - 60_000),
        row("cancelled-recent", "cancelled", 3, 60_000),
        row("done-old", "done", 4, FINISHED_WINDOW_MS + 60_000),
        row("cancelled-old", "cancelled", 5, 3 * FINISHED_WINDOW_MS),
      ]);
  });

  afterAll(async () => {
    await database.destroy();
  });

  it("holds every active order and the done/cancelled ones changed in the last two hours", async () => {
    const snapshot = await getBoardSnapshot(database.db, undefined, NOW);
    expect(snapshot.orders.map((order) => order.id).sort()).toEqual(["active-old", "cancelled-recent", "done-recent"]);
    // lastSeq is the table's high-water mark, even when that change is no longer on the board.
    expect(snapshot.lastSeq).toBe(5);
  });

  it("filters by store", async () => {
    expect((await getBoardSnapshot(database.db, ["other-store"], NOW)).orders).toEqual([]);
  });
});
