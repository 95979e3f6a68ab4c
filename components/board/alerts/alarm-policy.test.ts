import { describe, expect, it } from "vitest";
import type { BoardColumn, BoardOrder } from "@/lib/contract/board";
import { boardCard } from "@/e2e/support/board-card";
import {
  audibleSound,
  cancelledUnconfirmed,
  cancelledWhileCooking,
  MUTE_MS,
  newCancellationRequests,
  wantedSound,
} from "./alarm-policy";

const now = Date.parse("2026-11-22T12:00:00Z");

function order(id: string, column: BoardColumn, confirmInMinutes: number | null = 8): BoardOrder {
  return boardCard({
    id,
    displayId: `D${id}`,
    type: "TAKEOUT",
    placedAt: new Date(now - 60_000).toISOString(),
    column,
    actions: column === "new" ? ["confirm"] : [],
    confirmBy:
      column === "new" && confirmInMinutes !== null ? new Date(now + confirmInMinutes * 60_000).toISOString() : null,
  });
}

const quiet = { now, orders: [], stopCooking: [], connectionDown: false, mutedUntil: null };

describe("which alarm sounds", () => {
  it("rings while a New order waits and stops when none is left", () => {
    expect(audibleSound({ ...quiet, orders: [order("1", "new")] })).toBe("new");
    expect(audibleSound({ ...quiet, orders: [order("1", "preparing"), order("2", "done")] })).toBeNull();
  });

  it("lets a scheduled order wait silently until its preparation starts", () => {
    // Its confirm deadline counts from the preparation start, as the projection sets it.
    const scheduled = { ...order("1", "new", 38), preparationStartAt: new Date(now + 30 * 60_000).toISOString() };
    expect(wantedSound({ ...quiet, orders: [scheduled] })).toBeNull();
    expect(wantedSound({ ...quiet, orders: [{ ...scheduled, preparationRequested: true }] })).toBe("new");
    expect(wantedSound({ ...quiet, now: now + 31 * 60_000, orders: [scheduled] })).toBe("new");
  });

  it("turns urgent when a confirm deadline is 3 minutes away or less", () => {
    expect(wantedSound({ ...quiet, orders: [order("1", "new", 3.5)] })).toBe("new");
    expect(wantedSound({ ...quiet, orders: [order("1", "new", 8), order("2", "new", 2.9)] })).toBe("urgent");
    expect(wantedSound({ ...quiet, orders: [order("1", "new", -1)] })).toBe("urgent");
  });

  it("puts stop cooking first, then a lost connection, then waiting orders", () => {
    const waiting = [order("1", "new", 1)];
    expect(wantedSound({ ...quiet, orders: waiting, connectionDown: true })).toBe("connectionLost");
    expect(
      wantedSound({ ...quiet, orders: waiting, connectionDown: true, stopCooking: [{ id: "9", displayId: "D9" }] }),
    ).toBe("stopCooking");
  });

  it("rings the cancellation-request alarm until the request is answered, above waiting orders", () => {
    const asking = {
      ...order("5", "preparing"),
      cancellationRequested: true,
      actions: ["acceptCancellation" as const],
    };
    expect(wantedSound({ ...quiet, orders: [order("1", "new", 1), asking] })).toBe("cancellationRequest");
    expect(wantedSound({ ...quiet, orders: [{ ...asking, cancellationRequested: false }] })).toBeNull();
    // A lost connection and stop cooking still come first: answering needs the platform.
    expect(wantedSound({ ...quiet, orders: [asking], connectionDown: true })).toBe("connectionLost");
    // A finished order's stale flag does not ring.
    expect(wantedSound({ ...quiet, orders: [{ ...asking, column: "cancelled" }] })).toBeNull();
  });

  it("tells a new cancellation request from one already heard (an earlier mute does not cover it)", () => {
    const asking = (id: string) => ({ ...order(id, "preparing"), cancellationRequested: true });
    expect(newCancellationRequests(new Set(), [asking("1"), order("2", "new")])).toEqual(["1"]);
    expect(newCancellationRequests(new Set(["1"]), [asking("1")])).toEqual([]);
  });

  it("mute silences for at most two minutes; the alarm comes back while orders still wait", () => {
    const waiting = [order("1", "new")];
    expect(audibleSound({ ...quiet, orders: waiting, mutedUntil: now + MUTE_MS })).toBeNull();
    expect(audibleSound({ ...quiet, now: now + MUTE_MS, orders: waiting, mutedUntil: now + MUTE_MS })).toBe("new");
    expect(audibleSound({ ...quiet, now: now + MUTE_MS, orders: [], mutedUntil: now + MUTE_MS })).toBeNull();
  });
});

describe("stop cooking", () => {
  it("is an order cancelled after it was confirmed, seen while the board is open", () => {
    const before = new Map<string, BoardColumn>([
      ["1", "preparing"],
      ["2", "new"],
      ["3", "ready"],
      ["4", "dispatched"],
    ]);
    const after = [
      order("1", "cancelled"),
      order("2", "cancelled"),
      order("3", "cancelled"),
      order("4", "cancelled"),
      order("5", "cancelled"),
    ];
    expect(cancelledWhileCooking(before, after)).toEqual([
      { id: "1", displayId: "D1" },
      { id: "3", displayId: "D3" },
    ]);
  });

  it("on the first view, warns of recent cancellations while cooking that nobody acknowledged here", () => {
    const cancelled = (id: string, minutesAgo: number, whileCooking: boolean) => ({
      ...order(id, "cancelled"),
      cancelledWhileCooking: whileCooking,
      finishedAt: new Date(now - minutesAgo * 60_000).toISOString(),
    });
    const orders = [
      cancelled("1", 2, true),
      cancelled("2", 2, false),
      cancelled("3", 16, true),
      cancelled("4", 1, true),
    ];
    const firstView = { now, acknowledged: (id: string) => id === "4" };
    // 2: cancelled before anyone cooked; 3: too long ago to be news; 4: already tapped away here.
    expect(cancelledWhileCooking(null, orders, firstView)).toEqual([{ id: "1", displayId: "D1" }]);
    expect(cancelledWhileCooking(null, [order("5", "cancelled")], firstView)).toEqual([]);
  });

  it("trusts the server's mark when the board missed the cooking step", () => {
    const before = new Map<string, BoardColumn>([["1", "new"]]);
    const after = [{ ...order("1", "cancelled"), cancelledWhileCooking: true }];
    expect(cancelledWhileCooking(before, after)).toEqual([{ id: "1", displayId: "D1" }]);
    expect(cancelledWhileCooking(new Map<string, BoardColumn>([["1", "cancelled"]]), after)).toEqual([]);
  });
});

describe("cancelledUnconfirmed (issue 27)", () => {
  const missed = (id: string, column: "new" | "cancelled", finishedAt: string | null = null) =>
    boardCard({
      id,
      displayId: id,
      column,
      finishedAt,
      ...(column === "cancelled" && {
        cancelledBecause: {
          by: "platform" as const,
          reason: "timeout",
          code: "OTHER_CANCELLATION_REASON",
          unconfirmed: true,
        },
      }),
    });

  it("finds New orders the platform cancelled at their deadline, and rings urgently for them", () => {
    const previous = new Map([["a", "new" as const]]);
    const found = cancelledUnconfirmed(previous, [missed("a", "cancelled")]);
    expect(found).toEqual([{ id: "a", displayId: "a" }]);
    expect(wantedSound({ now: 0, orders: [], stopCooking: [], missedConfirms: found, connectionDown: false })).toBe(
      "urgent",
    );
  });

  it("on a first view, warns of recent ones nobody acknowledged", () => {
    const now = Date.parse("2026-11-26T12:10:00Z");
    const recent = missed("a", "cancelled", "2026-11-26T12:05:00Z");
    const old = missed("b", "cancelled", "2026-11-26T11:00:00Z");
    expect(cancelledUnconfirmed(null, [recent, old], { now, acknowledged: () => false })).toEqual([
      { id: "a", displayId: "a" },
    ]);
    expect(cancelledUnconfirmed(null, [recent], { now, acknowledged: () => true })).toEqual([]);
  });
});
