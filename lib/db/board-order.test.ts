import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from "@/e2e/support/database";
import type { BoardOrder } from "@/lib/contract/board";
import { getChangesAfter } from "./board";
import { writeBoard } from "./board-writes";
import { reprojectOrder } from "./order-writes";

// Board writes are ordered per store, so two stores' transactions commit out of sequence order.
// A reader must still never skip a change: whatever cursor it holds, reading on from it yields
// every later change exactly once (lib/db/board-writes.ts, safeBoardSeq).

const unreadable = (id: string, storeId: string) => ({ id, storeId, summary: null, details: null, detailsError: "x" });
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(testDatabaseKinds)("board write order (%s)", (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => database?.destroy());

  /** A write of one new order, holding its transaction open for `holdMs` after taking its number. */
  const write = (id: string, storeId: string, holdMs = 0, held?: Promise<unknown>) =>
    writeBoard(database.db, async (tx) => {
      const card = await reprojectOrder(tx, unreadable(id, storeId));
      if (holdMs > 0) await pause(holdMs);
      if (held) await held;
      return card;
    });

  it.runIf(kind === "postgres")(
    "a store does not wait for another's write, and a reader never passes a number still committing",
    async () => {
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      const slow = write("slow-a", "store-a", 0, held);
      // Store A holds its number (and its store lock) until released; store B writes meanwhile.
      await pause(100);
      const fast = await write("fast-b", "store-b");
      let replay: { changes: BoardOrder[] } | undefined;
      const reading = getChangesAfter(database.db, 0).then((result) => (replay = result));
      await pause(200);
      // B committed a higher number than A's; a reader that returned it now would move past A's.
      expect(replay).toBeUndefined();
      release();
      const slowCard = await slow;
      await reading;
      expect(slowCard.seq).toBeLessThan(fast.seq);
      expect(replay!.changes.map((change) => change.id)).toEqual(["slow-a", "fast-b"]);
    },
  );

  it("reading on from any cursor while two stores write concurrently yields every change exactly once", async () => {
    const start = (await getChangesAfter(database.db, 0, undefined, 10_000)).changes.at(-1)?.seq ?? 0;
    const perStore = 40;
    const writers = ["store-c", "store-d"].map(async (storeId) => {
      const cards: BoardOrder[] = [];
      for (let i = 0; i < perStore; i++) {
        // Random hold times make the two stores' commits interleave out of sequence order.
        cards.push(await write(`${storeId}-${i}`, storeId, Math.floor(Math.random() * 8)));
      }
      return cards;
    });
    // A live reader, as the fan-out and a reconnecting tablet are: it reads on from the last
    // change it received, while the writes go on.
    const delivered: number[] = [];
    let done = false;
    const all = Promise.all(writers).finally(() => (done = true));
    let cursor = start;
    while (!done) {
      const { changes } = await getChangesAfter(database.db, cursor, ["store-c", "store-d"], 10_000);
      for (const change of changes) delivered.push(change.seq);
      cursor = changes.at(-1)?.seq ?? cursor;
      await pause(1);
    }
    const written = (await all).flat().map((card) => card.seq);
    const { changes: rest } = await getChangesAfter(database.db, cursor, ["store-c", "store-d"], 10_000);
    delivered.push(...rest.map((change) => change.seq));

    const expected = [...written].sort((a, b) => a - b);
    expect(delivered).toEqual(expected);
    // A replay from every cursor (each number a tablet could have last seen) sees exactly what follows it.
    for (const [index, seq] of [start, ...expected].entries()) {
      const { changes } = await getChangesAfter(database.db, seq, ["store-c", "store-d"], 10_000);
      expect(changes.map((change) => change.seq)).toEqual(expected.slice(index));
    }
  });
});
