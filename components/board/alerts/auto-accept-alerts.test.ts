import { describe, expect, it } from "vitest";
import { boardCard } from "@/e2e/support/board-card";
import { AUTO_ACCEPT_RECENT_MS, autoAcceptedIds, newlyAutoAccepted } from "./auto-accept-alerts";

const now = Date.parse("2026-11-20T19:10:00.000Z");
const accepted = (id: string, since = now - 1_000) =>
  boardCard({ id, column: "preparing", autoAccepted: true, stageSince: new Date(since).toISOString() });

describe("newlyAutoAccepted", () => {
  it("names each order once, when the board first sees it auto-accepted", () => {
    const before = [boardCard({ id: "a" }), boardCard({ id: "b", column: "preparing" })];
    const after = [accepted("a"), boardCard({ id: "b", column: "preparing" })];
    expect(newlyAutoAccepted(autoAcceptedIds(before), after, now)).toEqual(["a"]);
    // The next view of the same cards: nothing new (one chime, one ticket).
    expect(newlyAutoAccepted(autoAcceptedIds(after), after, now)).toEqual([]);
  });

  it("chimes for nothing on the board's first view, nor for an acceptance long past", () => {
    expect(newlyAutoAccepted(null, [accepted("a")], now)).toEqual([]);
    expect(newlyAutoAccepted(new Set(), [accepted("old", now - AUTO_ACCEPT_RECENT_MS)], now)).toEqual([]);
  });
});
