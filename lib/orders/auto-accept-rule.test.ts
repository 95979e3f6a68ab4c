import { describe, expect, it } from "vitest";
import type { AutoAcceptSettings } from "@/lib/contract/merchant-state";
import { boardCard } from "@/e2e/support/board-card";
import { autoAcceptStatus, awaitingAutoAccept } from "./auto-accept-rule";

// The board's side of auto-accept: which new orders need not ring because the worker is about to
// confirm them — the same rule as the worker's, and never for longer than the grace period.

const on: AutoAcceptSettings = {
  enabled: true,
  types: ["DELIVERY", "TAKEOUT"],
  hours: null,
  cap: 2,
  preparationMinutes: 20,
};
const arrived = Date.parse("2026-11-20T19:00:00.000Z");
const fresh = (id: string, over: Parameters<typeof boardCard>[0] = {}) =>
  boardCard({
    id,
    storeId: "s",
    actions: ["confirm", "requestCancellation"],
    stageSince: new Date(arrived).toISOString(),
    placedAt: new Date(arrived).toISOString(),
    ...over,
  });

describe("awaitingAutoAccept", () => {
  it("keeps quiet about what auto-accept will take, within the cap, order types and grace period", () => {
    const orders = [
      fresh("one"),
      fresh("indoor", { type: "INDOOR" }),
      fresh("two", { placedAt: new Date(arrived + 1).toISOString() }),
      fresh("three", { placedAt: new Date(arrived + 2).toISOString() }),
      boardCard({ id: "cooking", storeId: "s", column: "preparing" }),
    ];
    const settings = new Map([["s", on]]);
    // One in preparation and a cap of 2: room for one, the oldest; INDOOR is not auto-accepted.
    expect([...awaitingAutoAccept(settings, orders, arrived + 1_000)]).toEqual(["one"]);
    // Past the grace period, 20 s (docs/merchant-api.md), it rings like any other order (auto-accept may be failing).
    expect([...awaitingAutoAccept(settings, orders, arrived + 19_999)]).toEqual(["one"]);
    expect(awaitingAutoAccept(settings, orders, arrived + 20_000).size).toBe(0);
  });

  it("rings for every order of a store whose auto-accept is off or unknown", () => {
    const orders = [fresh("one")];
    expect(awaitingAutoAccept(new Map([["s", { ...on, enabled: false }]]), orders, arrived).size).toBe(0);
    expect(awaitingAutoAccept(new Map([["s", null]]), orders, arrived).size).toBe(0);
    expect(awaitingAutoAccept(new Map([["other", on]]), orders, arrived).size).toBe(0);
  });
});

describe("autoAcceptStatus (issue 27)", () => {
  const settings = {
    enabled: true,
    types: ["DELIVERY", "TAKEOUT"] as Array<"DELIVERY" | "TAKEOUT">,
    hours: null,
    cap: 2,
    preparationMinutes: 20,
  };
  const at = new Date("2026-11-26T15:00:00Z");

  it("says off, on with how many it took, and when the cap stops it", () => {
    const taken = boardCard({ id: "a", column: "preparing", autoAccepted: true });
    expect(autoAcceptStatus(null, [taken], at)).toEqual({ state: "off", taken: 1, cap: null });
    expect(autoAcceptStatus(settings, [taken], at)).toEqual({ state: "on", taken: 1, cap: 2 });
    const full = [taken, boardCard({ id: "b", column: "preparing" })];
    expect(autoAcceptStatus(settings, full, at).state).toBe("capReached");
    expect(
      autoAcceptStatus({ ...settings, hours: { start: "18:00", end: "23:00" } }, [], at, "America/Sao_Paulo").state,
    ).toBe("outsideHours");
  });
});
