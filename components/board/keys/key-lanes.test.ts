import { describe, expect, it } from "vitest";
import type { BoardOrder } from "@/lib/contract/board";
import type { LaneCards } from "../stream/board-cache";
import { keyLanes } from "./key-lanes";

type Progress = NonNullable<BoardOrder["stationProgress"]>;
const card = (id: string, stationProgress?: Progress) => ({ id, stationProgress }) as BoardOrder;
const forno = (done: number, lines = 1) => ({ id: 1, name: "Forno", lines, done });
const bebidas = (done: number) => ({ id: 2, name: "Bebidas", lines: 1, done });

const NOW = Date.parse("2026-11-27T20:00:00Z");

const empty: LaneCards = { scheduled: [], new: [], preparing: [], ready: [], dispatched: [], done: [], cancelled: [] };
const lanes: LaneCards = {
  ...empty,
  scheduled: [card("s1")],
  new: [card("n1")],
  preparing: [
    card("a", [forno(1), bebidas(0)]),
    card("b", [forno(0, 2)]),
    card("c", [bebidas(0)]),
    card("d", [forno(1, 2), bebidas(1)]),
    card("unrouted"),
  ],
  ready: [card("r1")],
  done: [card("x1")],
};

describe("keyLanes", () => {
  it("moves over the board's live lanes in reading order, without the Scheduled strip or the finished", () => {
    expect(keyLanes(lanes, "all", NOW)).toEqual([["n1"], ["a", "b", "c", "d", "unrouted"], ["r1"], []]);
  });

  it("gives a station its tickets to make first, then those it has bumped, and none of the others'", () => {
    expect(keyLanes(lanes, 1, NOW)).toEqual([["b", "d"], ["a"]]);
    expect(keyLanes(lanes, 2, NOW)).toEqual([["a", "c"], ["d"]]);
    expect(keyLanes(lanes, 9, NOW)).toEqual([[], []]);
  });

  it("gives expo every order a station makes, in the board's order", () => {
    expect(keyLanes(lanes, "expo", NOW)).toEqual([["a", "b", "c", "d"]]);
  });

  it("puts a station's tickets whose lines are all held after those to make now, until they fire", () => {
    // Confirmed a minute ago; its pizza starts 10 minutes after the order did (hold and fire).
    const held = {
      ...card("held", [forno(0)]),
      column: "preparing",
      stageSince: new Date(NOW - 60_000).toISOString(),
      lines: [{ name: "Pizza", quantity: 1, options: [], stations: [1], fireIn: 10 }],
    } as BoardOrder;
    const withHeld: LaneCards = { ...lanes, preparing: [held, ...lanes.preparing] };
    expect(keyLanes(withHeld, 1, NOW)).toEqual([["b", "d", "held"], ["a"]]);
    // Ten minutes on, it fires and takes its place in the board's order again.
    expect(keyLanes(withHeld, 1, NOW + 9 * 60_000)).toEqual([["held", "b", "d"], ["a"]]);
  });
});
