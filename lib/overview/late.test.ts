import { describe, expect, it } from "vitest";
import { boardCard } from "@/e2e/support/board-card";
import { isLate, stageCounts } from "./late";

const NOW = Date.parse("2026-11-22T20:00:00Z");
const minutesAgo = (minutes: number) => new Date(NOW - minutes * 60_000).toISOString();

describe("late orders for the chain overview", () => {
  it("is late past the confirm deadline when new, past the promise when active, never when finished", () => {
    expect(isLate(boardCard({ column: "new", placedAt: minutesAgo(5), confirmBy: minutesAgo(1) }), NOW)).toBe(true);
    expect(isLate(boardCard({ column: "new", placedAt: minutesAgo(5), confirmBy: minutesAgo(-3) }), NOW)).toBe(false);
    expect(isLate(boardCard({ column: "preparing", placedAt: minutesAgo(50) }), NOW)).toBe(true);
    expect(isLate(boardCard({ column: "preparing", placedAt: minutesAgo(20) }), NOW)).toBe(false);
    // Scheduled: counted from its time, not from when it was placed.
    expect(isLate(boardCard({ column: "ready", placedAt: minutesAgo(300), scheduledFor: minutesAgo(10) }), NOW)).toBe(
      false,
    );
    expect(isLate(boardCard({ column: "done", placedAt: minutesAgo(300) }), NOW)).toBe(false);
  });

  it("counts a store's active orders per stage, and its late ones", () => {
    const orders = [
      boardCard({ id: "1", storeId: "a", column: "new", placedAt: minutesAgo(2) }),
      boardCard({ id: "2", storeId: "a", column: "preparing", placedAt: minutesAgo(60) }),
      boardCard({ id: "3", storeId: "a", column: "cancelled", placedAt: minutesAgo(60) }),
      boardCard({ id: "4", storeId: "b", column: "ready", placedAt: minutesAgo(1) }),
    ];
    expect(stageCounts(orders, "a", NOW)).toEqual({
      byColumn: { new: 1, preparing: 1, ready: 0, dispatched: 0 },
      late: 1,
    });
  });
});
