import { describe, expect, it } from "vitest";
import * as fc from "fast-check";
import { boardCard } from "@/e2e/support/board-card";
import type { BoardOrder } from "@/lib/contract/board";
import { decidePacing, kitchenLoad, pacingMinutes, releaseAt, type PacingAction, type PacingState } from "./pacing";

// Kitchen pacing's rules (issue 27, point 10): the load counts items being cooked, busy mode goes
// on past capacity with minutes that grow with the load, the store pauses past the hard limit, a
// person's change is never undone, and a load going up and down by an item does not flap.

const NOW = Date.parse("2026-11-27T19:00:00Z");
const settings = { enabled: true, capacity: 8, hardLimit: 24, preparationMinutes: 20 };
const idle: PacingState = { busyMinutes: 0, busyByPacing: false, paused: false, pausedByPacing: false, held: false };

const card = (over: Partial<BoardOrder>) =>
  boardCard({ column: "preparing", placedAt: "2026-11-27T18:50:00Z", ...over });
const line = (name: string, quantity: number) => ({ name, quantity, options: [] });

/** The state after applying an action, as the runner does. */
function apply(state: PacingState, action: PacingAction): PacingState {
  const next = { ...state };
  if (action.release) next.held = false;
  if (action.pause !== undefined) Object.assign(next, { paused: action.pause, pausedByPacing: action.pause });
  if (action.busyMinutes !== undefined) Object.assign(next, { busyMinutes: action.busyMinutes, busyByPacing: true });
  return next;
}

describe("the kitchen's load", () => {
  it("counts the quantities of the item lines of the orders being cooked, not the orders", () => {
    const cards = [
      card({ lines: [line("Pizza", 2), line("Suco", 3)], itemCount: 5 }),
      card({ lines: [line("X-Burger", 1)] }),
      card({ column: "new", lines: [line("Pizza", 9)] }),
      card({ column: "ready", lines: [line("Pizza", 9)] }),
      // Confirmed, but a scheduled order still waiting for its preparation start.
      card({ lines: [line("Pizza", 9)], preparationStartAt: "2026-11-27T21:00:00Z" }),
    ];
    expect(kitchenLoad(cards, NOW)).toBe(6);
  });

  it("takes a card's whole itemCount when it kept only its first lines, one per line for an absurd quantity", () => {
    expect(kitchenLoad([card({ lines: [line("Pizza", 2)], itemCount: 30, truncated: true })], NOW)).toBe(30);
    expect(kitchenLoad([card({ lines: undefined, itemCount: 4 })], NOW)).toBe(4);
    const absurd = card({ lines: [line("Pizza", 97_000_000)], itemCount: 97_000_000, flags: ["absurdQuantity"] });
    expect(kitchenLoad([absurd], NOW)).toBe(1);
  });

  it("counts only the lines a station cooks when given its filter", () => {
    const cards = [card({ lines: [line("Pizza", 2), line("Suco", 3)], itemCount: 5 })];
    expect(kitchenLoad(cards, NOW, (l) => l.name === "Pizza")).toBe(2);
  });
});

describe("deciding", () => {
  it("turns busy mode on past capacity with minutes proportional to the load (14 of 8, 20 min: +15)", () => {
    expect(decidePacing(8, settings, idle)).toEqual({});
    expect(decidePacing(14, settings, idle)).toEqual({ busyMinutes: 15 });
    expect(pacingMinutes(9, 8, 20)).toBe(5);
    expect(pacingMinutes(20, 8, 20)).toBe(30);
    expect(pacingMinutes(200, 8, 20)).toBe(60);
  });

  it("turns it off at 75 % of capacity, not before", () => {
    const busy = { ...idle, busyMinutes: 15, busyByPacing: true };
    expect(releaseAt(8)).toBe(6);
    expect(decidePacing(7, settings, busy)).toEqual({ busyMinutes: 5 });
    expect(decidePacing(6, settings, busy)).toEqual({ busyMinutes: 0 });
  });

  it("pauses past the hard limit and reopens on its own at 75 % of it", () => {
    expect(decidePacing(25, settings, idle)).toMatchObject({ pause: true });
    const paused = { ...idle, paused: true, pausedByPacing: true, busyMinutes: 60, busyByPacing: true };
    expect(decidePacing(19, settings, paused)).not.toHaveProperty("pause");
    expect(decidePacing(18, settings, paused)).toMatchObject({ pause: false });
  });

  it("never touches a person's busy mode or pause", () => {
    const manual = { ...idle, busyMinutes: 30, paused: true };
    expect(decidePacing(100, settings, manual)).toEqual({});
    expect(decidePacing(0, settings, manual)).toEqual({});
  });

  it("held after a person undid it, keeps out until the load falls to 75 % of capacity", () => {
    const held = { ...idle, held: true };
    expect(decidePacing(30, settings, held)).toEqual({});
    expect(decidePacing(6, settings, held)).toEqual({ release: true });
  });

  it("switched off, turns off only what it turned on", () => {
    const off = { ...settings, enabled: false };
    expect(decidePacing(30, off, { ...idle, busyMinutes: 20 })).toEqual({});
    expect(decidePacing(30, off, { ...idle, busyMinutes: 20, busyByPacing: true })).toEqual({ busyMinutes: 0 });
    expect(decidePacing(30, off, { ...idle, paused: true, pausedByPacing: true })).toEqual({ pause: false });
  });
});

const pacingSettings = fc
  .record({
    capacity: fc.integer({ min: 1, max: 60 }),
    extra: fc.integer({ min: 1, max: 120 }),
    preparationMinutes: fc.integer({ min: 1, max: 240 }),
  })
  .map(({ capacity, extra, preparationMinutes }) => ({
    enabled: true,
    capacity,
    hardLimit: capacity + extra,
    preparationMinutes,
  }));
const anyState: fc.Arbitrary<PacingState> = fc.record({
  busyMinutes: fc.constantFrom(0, 5, 15, 30, 60),
  busyByPacing: fc.boolean(),
  paused: fc.boolean(),
  pausedByPacing: fc.boolean(),
  held: fc.boolean(),
});

describe("properties", () => {
  it("a load going up and down by one item changes nothing after it has seen both", () => {
    fc.assert(
      fc.property(pacingSettings, anyState, fc.integer({ min: 0, max: 300 }), (s, start, load) => {
        let state = apply(start, decidePacing(load, s, start));
        state = apply(state, decidePacing(load + 1, s, state));
        state = apply(state, decidePacing(load, s, state));
        const settled = state;
        for (const next of [load + 1, load, load + 1, load]) {
          state = apply(state, decidePacing(next, s, state));
          expect(state).toEqual(settled);
        }
      }),
    );
  });

  it("never leaves the store open past the hard limit unless a person said so", () => {
    fc.assert(
      fc.property(pacingSettings, anyState, fc.integer({ min: 0, max: 300 }), (s, state, extra) => {
        const load = s.hardLimit + 1 + extra;
        const after = apply(state, decidePacing(load, s, state));
        const person = (state.paused && !state.pausedByPacing) || state.held;
        if (!person) expect(after.paused).toBe(true);
      }),
    );
  });

  it("busy past capacity, off at 75 % of it, within 5–60 minutes", () => {
    fc.assert(
      fc.property(pacingSettings, fc.integer({ min: 0, max: 300 }), (s, load) => {
        const after = apply(idle, decidePacing(load, s, idle));
        expect(after.busyMinutes > 0).toBe(load > s.capacity);
        if (after.busyMinutes > 0) expect(after.busyMinutes % 5 === 0 && after.busyMinutes <= 60).toBe(true);
        const busy = { ...idle, busyMinutes: 60, busyByPacing: true };
        expect(apply(busy, decidePacing(load, s, busy)).busyMinutes === 0).toBe(load <= releaseAt(s.capacity));
      }),
    );
  });

  it("a person's busy mode and pause are never changed", () => {
    fc.assert(
      fc.property(pacingSettings, fc.boolean(), anyState, fc.integer({ min: 0, max: 300 }), (s, on, state, load) => {
        const action = decidePacing(load, { ...s, enabled: on }, state);
        if (state.busyMinutes > 0 && !state.busyByPacing) expect(action.busyMinutes).toBeUndefined();
        if (state.paused && !state.pausedByPacing) expect(action.pause).toBeUndefined();
      }),
    );
  });
});
