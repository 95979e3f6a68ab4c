import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@/e2e/support/database";
import { insertRestaurant } from "@/e2e/support/restaurants";
import { orders } from "@/lib/db/schema";
import { boardCard } from "@/e2e/support/board-card";
import type { BoardColumn, BoardOrder } from "@/lib/contract/board";
import { getBoardSnapshot, getChangesAfter } from "./board";

const NOW = new Date("2026-01-01T20:00:00Z");
// The documented bounds, as literals: done and cancelled orders stay 2 hours (README, "Kitchen
// board"); a store's snapshot sends at most 200 cards (docs/architecture.md, "Bounds").
const TWO_HOURS_MS = 2 * 60 * 60 * 1000;
const CARDS_PER_STORE = 200;

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
      channelId: "store-1",
      board: card(id, column, seq),
      boardColumn: column,
      seq,
      placedAt: new Date("2026-01-01T15:00:00Z"),
      updatedAt: new Date(NOW.getTime() - updatedMsAgo),
    });
    await database.db
      .insert(orders)
      .values([
        row("active-old", "preparing", 1, 5 * TWO_HOURS_MS),
        row("done-recent", "done", 2, TWO_HOURS_MS - 60_000),
        row("cancelled-recent", "cancelled", 3, 60_000),
        row("done-old", "done", 4, TWO_HOURS_MS + 60_000),
        row("cancelled-old", "cancelled", 5, 3 * TWO_HOURS_MS),
      ]);
    // Written by hand, the numbers were not taken from the board's sequence: move it past them.
    await database.db.execute(sql`select setval('board_seq', 5)`);
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

  it("names the viewer's stores with their kitchen settings, and only theirs", async () => {
    await insertRestaurant(
      database.db,
      {
        id: "store-1",
        name: "Centro",
        defaultPreparationMinutes: 25,
        reportPreparing: false,
        timeZone: "America/Manaus",
      },
      { id: "store-2", name: "Bairro" },
    );
    // Each store's time zone for the board's clocks: its own, else São Paulo's; its channels, so
    // the cards wear their chips from the first frame.
    const channel = (id: string, label: string) => [{ id, label, color: "#2563eb", platform: "Test platform" }];
    expect((await getBoardSnapshot(database.db, ["store-1"], NOW)).stores).toEqual([
      {
        id: "store-1",
        name: "Centro",
        preparationMinutes: 25,
        reportPreparing: false,
        timeZone: "America/Manaus",
        channels: channel("store-1", "Centro"),
      },
    ]);
    expect((await getBoardSnapshot(database.db, undefined, NOW)).stores).toEqual([
      {
        id: "store-2",
        name: "Bairro",
        preparationMinutes: 20,
        reportPreparing: true,
        timeZone: "America/Sao_Paulo",
        channels: channel("store-2", "Bairro"),
      },
      {
        id: "store-1",
        name: "Centro",
        preparationMinutes: 25,
        reportPreparing: false,
        timeZone: "America/Manaus",
        channels: channel("store-1", "Centro"),
      },
    ]);
  });

  it("filters by store", async () => {
    expect((await getBoardSnapshot(database.db, ["other-store"], NOW)).orders).toEqual([]);
  });
});

describe("the board's bounds", () => {
  let database: TestDatabase;
  const FLOOD = CARDS_PER_STORE + 30;

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    // A flooded store: FLOOD active cards received one second apart, placed at hostile dates
    // (the newest received claims 1890), and one card of a quiet store.
    const flooded = Array.from({ length: FLOOD }, (_, index) => {
      const id = `flood-${index}`;
      const placedAt = index === FLOOD - 1 ? "1890-01-01T00:00:00.000Z" : "2026-01-01T15:00:00.000Z";
      return {
        id,
        storeId: "busy",
        channelId: "busy",
        board: boardCard({ id, storeId: "busy", placedAt, seq: index + 1 }),
        boardColumn: "new",
        seq: index + 1,
        placedAt: new Date(placedAt),
        createdAt: new Date(NOW.getTime() - (FLOOD - index) * 1000),
        updatedAt: NOW,
      };
    });
    const quiet = {
      ...flooded[0]!,
      id: "quiet",
      storeId: "quiet",
      channelId: "quiet",
      seq: FLOOD + 1,
      createdAt: new Date(0),
    };
    await database.db
      .insert(orders)
      .values([...flooded, { ...quiet, board: { ...quiet.board, id: "quiet", storeId: "quiet", channelId: "quiet" } }]);
    await database.db.execute(sql`select setval('board_seq', ${FLOOD + 1})`);
  });

  afterAll(async () => {
    await database.destroy();
  });

  it("sends each store's newest received cards up to the cap and counts the oldest it leaves out", async () => {
    const snapshot = await getBoardSnapshot(database.db, undefined, NOW);
    const busy = snapshot.orders.filter((order) => order.storeId === "busy").map((order) => order.id);
    expect(busy).toHaveLength(CARDS_PER_STORE);
    // Received last, whatever date it claims; the first 30 received are the ones left out.
    expect(busy).toContain(`flood-${FLOOD - 1}`);
    expect(busy).not.toContain("flood-29");
    expect(busy).toContain("flood-30");
    expect(snapshot.orders.some((order) => order.id === "quiet")).toBe(true);
    expect(snapshot.overflow).toEqual([{ storeId: "busy", omitted: 30 }]);
    expect((await getBoardSnapshot(database.db, ["quiet"], NOW)).overflow).toBeUndefined();
  });

  it("replays at most the newest changes, saying when older ones were left out", async () => {
    const all = await getChangesAfter(database.db, 0, ["busy"], 1_000);
    expect(all.complete).toBe(true);
    expect(all.changes).toHaveLength(FLOOD);
    const bounded = await getChangesAfter(database.db, 0, ["busy"], 50);
    expect(bounded.complete).toBe(false);
    expect(bounded.changes.map((change) => change.seq)).toEqual(all.changes.slice(-50).map((change) => change.seq));
  });
});
