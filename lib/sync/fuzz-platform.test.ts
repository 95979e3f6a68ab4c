import v8 from "node:v8";
import vm from "node:vm";
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { getBoardSnapshot } from "@/lib/db/board";
import { orders, quarantinedEvents } from "@/lib/db/schema";
import { useSandboxStore } from "@/e2e/support/sandbox-store-fixture";

// Comanda against a hostile platform (the sandbox's fuzz mode: schema-valid, absurd data) for a
// fixed number of polls. FUZZ_POLLS makes a longer run for the figures in the notes
// (FUZZ_POLLS=1200 is about three minutes of a one-second poll interval, compressed).

const POLLS = Number(process.env.FUZZ_POLLS ?? 30);
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
/** A full collection before each heap reading, so that growth means kept memory, not garbage. */
v8.setFlagsFromString("--expose-gc");
const collect = vm.runInNewContext("gc") as () => void;
const heapUsed = () => {
  collect();
  return process.memoryUsage().heapUsed;
};

// The documented bounds (docs/architecture.md), as literals: a test computing them from the
// constants would pass whatever they were raised to.
/** A card's JSON stays under 8 KB. */
const CARD_BYTES = 8_000;
/** A store's snapshot sends at most 200 cards. */
const CARDS_PER_STORE = 200;
/** The poller forgets failed detail reads past 1,000 orders. */
const TRACKED_DETAIL_FAILURES = 1_000;
/** The board's answer for one store can never be larger than its cap of bounded cards. */
const BOARD_BYTES_BOUND = CARDS_PER_STORE * CARD_BYTES;

describe("Comanda against a fuzzing platform", () => {
  const fixture = useSandboxStore();

  it(
    "keeps receiving, flags implausible orders, and keeps the board and its memory bounded",
    { timeout: 60_000 + POLLS * 1_000 },
    async () => {
      const { sandbox, database, store } = fixture;
      const storeId = store.connection.id;
      const poller = store.connection.poller;
      await sandbox.control("PUT", "/control/fuzz", { seed: SEED, maxEventsPerPoll: 40, maxTextLength: 20_000 });

      const boardBytes = async () =>
        Buffer.byteLength(JSON.stringify(await getBoardSnapshot(database.db, [storeId])), "utf8");
      const started = Date.now();
      let failedPolls = 0;
      let received = 0;
      let largestBoard = 0;
      let peakRss = process.memoryUsage().rss;
      let heapAfterWarmUp = 0;
      for (let poll = 1; poll <= POLLS; poll += 1) {
        try {
          received += (await poller.pollOnce()).received;
        } catch {
          failedPolls += 1;
        }
        // The test store's own record of every published card is the test's memory, not Comanda's.
        store.published.length = 0;
        peakRss = Math.max(peakRss, process.memoryUsage().rss);
        if (poll % 10 === 0 || poll === POLLS) largestBoard = Math.max(largestBoard, await boardBytes());
        if (poll === Math.ceil(POLLS / 3)) heapAfterWarmUp = heapUsed();
      }
      const heapGrowth = heapUsed() - heapAfterWarmUp;

      // The platform stops being hostile: a real order placed now still reaches the board.
      await sandbox.control("DELETE", "/control/fuzz");
      const { orderId } = await sandbox.control<{ orderId: string }>("POST", "/control/orders", {
        merchantId: storeId,
      });
      await poller.pollOnce();

      const rows = await database.db
        .select({ board: orders.board, summary: orders.summary })
        .from(orders)
        .where(eq(orders.storeId, storeId));
      const quarantined = await database.db.select({ id: quarantinedEvents.eventId }).from(quarantinedEvents);
      const flagged = rows.filter((row) => (row.board.flags ?? []).length > 0);
      const unreadable = rows.filter((row) => row.board.detailsUnreadable);
      const snapshot = await getBoardSnapshot(database.db, [storeId]);
      const figures = {
        polls: POLLS,
        seconds: Math.round((Date.now() - started) / 100) / 10,
        eventsReceived: received,
        ordersTaken: rows.length,
        flagged: flagged.length,
        unreadable: unreadable.length,
        quarantined: quarantined.length,
        failedPolls,
        largestBoardBytes: largestBoard,
        boardCards: snapshot.orders.length,
        omittedFromBoard: snapshot.overflow?.[0]?.omitted ?? 0,
        peakRssMB: Math.round(peakRss / 1024 / 1024),
        heapGrowthMB: Math.round((heapGrowth / 1024 / 1024) * 10) / 10,
      };
      console.log(`fuzz platform run: ${JSON.stringify(figures)}`);

      // No crash, no stuck store: every poll went through and the valid order after it arrived.
      expect(failedPolls).toBe(0);
      const real = rows.find((row) => row.board.id === orderId);
      expect(real?.board.column).toBe("new");
      expect(real?.board.flags).toBeUndefined();
      expect(rows.length).toBeGreaterThan(50);
      // Implausible orders are stored and flagged, each flag matching what the order says.
      expect(flagged.length).toBeGreaterThan(0);
      for (const { board, summary } of rows) {
        if (summary?.total && summary.total.value < 0) expect(board.flags).toContain("negativeAmount");
        if (summary?.total && summary.total.currency !== "BRL") expect(board.flags).toContain("unknownCurrency");
        if (summary?.lines?.some((line) => line.quantity > 1_000_000)) expect(board.flags).toContain("absurdQuantity");
        expect(Buffer.byteLength(JSON.stringify(board))).toBeLessThan(CARD_BYTES);
      }
      // The board is bounded in cards and bytes, whatever the platform sent.
      expect(snapshot.orders.length).toBeLessThanOrEqual(CARDS_PER_STORE);
      // The newest order is on the board however many the platform sent before it.
      expect(snapshot.orders.some((card) => card.id === orderId)).toBe(true);
      expect(largestBoard).toBeLessThan(BOARD_BYTES_BOUND);
      // Memory: what the poller keeps per order is capped, and the heap does not grow with the run.
      expect(poller.deferredOrders).toBeLessThanOrEqual(TRACKED_DETAIL_FAILURES);
      expect(heapGrowth).toBeLessThan(48 * 1024 * 1024);
    },
  );
});
