import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from "@/e2e/support/database";
import type { BoardOrder } from "@/lib/contract/board";
import { rowsOf } from "./bulk";
import { getChangesAfter } from "./board";
import { writeBoard } from "./board-writes";
import { reprojectOrder } from "./order-writes";

// Board writes are ordered per store, so two stores' transactions commit out of sequence order.
// A reader must still never skip a change: whatever cursor it holds, reading on from it yields
// every later change exactly once (lib/db/board-writes.ts, safeBoardSeq).

const unreadable = (id: string, storeId: string) => ({ id, storeId, summary: null, details: null, detailsError: "x" });

/** A promise and the function that resolves it. */
function signal(): { promise: Promise<void>; resolve: () => void } {
  let resolve = () => {};
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

describe.each(testDatabaseKinds)("board write order (%s)", (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => database?.destroy());

  /**
   * A write of one new order. Once it has taken its number it calls `numbered`, then holds its
   * transaction open (its number, its store lock) for `roundTrips` more queries, and until `held`
   * settles.
   */
  const write = (
    id: string,
    storeId: string,
    options: { roundTrips?: number; held?: Promise<unknown>; numbered?: () => void } = {},
  ) =>
    writeBoard(database.db, async (tx) => {
      const card = await reprojectOrder(tx, unreadable(id, storeId));
      options.numbered?.();
      for (let trip = 0; trip < (options.roundTrips ?? 0); trip++) await tx.execute(sql`select 1`);
      if (options.held) await options.held;
      return card;
    });

  /** Sessions of this database waiting for the sequence gate (lib/db/board-writes.ts, SEQ_GATE). */
  const gateWaiters = async () =>
    rowsOf<{ waiting: string }>(
      await database.db.execute(
        sql`select count(*) as waiting from pg_locks
            where locktype = 'advisory' and classid = 7235003 and objid = 0 and not granted
              and database = (select oid from pg_database where datname = current_database())`,
      ),
    ).map((row) => Number(row.waiting))[0];

  it.runIf(kind === "postgres")(
    "a store does not wait for another's write, and a reader never passes a number still committing",
    async () => {
      const held = signal();
      const numbered = signal();
      const slow = write("slow-a", "store-a", { held: held.promise, numbered: numbered.resolve });
      // Store A holds its number (and its store lock) until released; store B writes meanwhile.
      await numbered.promise;
      const fast = await write("fast-b", "store-b");
      let replay: { changes: BoardOrder[] } | undefined;
      const reading = getChangesAfter(database.db, 0).then((result) => (replay = result));
      // The reader queues for the gate A holds: B committed a higher number than A's, and a reader
      // that returned it now would move past A's.
      await expect.poll(gateWaiters, { timeout: 10_000, interval: 20 }).toBe(1);
      expect(replay).toBeUndefined();
      held.resolve();
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
        // Holding each transaction open for a random number of round trips makes the two stores'
        // commits interleave out of sequence order. (Not until the other store's write commits: a
        // writer that holds its number while waiting for another writer deadlocks with a reader
        // queued for the gate, and no real writer waits for another.)
        const roundTrips = Math.floor(Math.random() * 8);
        cards.push(await write(`${storeId}-${i}`, storeId, { roundTrips }));
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
