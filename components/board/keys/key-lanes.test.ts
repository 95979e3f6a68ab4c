import { describe, expect, it } from "vitest";
import type { BoardOrder } from "@/lib/contract/board";
import type { LaneCards } from "../stream/board-cache";
import { keyLanes } from "./key-lanes";

type Progress = NonNullable<BoardOrder["stationProgress"]>;
const card = (id: string, stationProgress?: Progress) => ({ id, stationProgress }) as BoardOrder;
const forno = (done: number, lines = 1) => ({ id: 1, name: "Forno", lines, done });
const bebidas = (done: number) => ({ id: 2, name: "Bebidas", lines: 1, done });

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
    expect(keyLanes(lanes, "all")).toEqual([["n1"], ["a", "b", "c", "d", "unrouted"], ["r1"], []]);
  });

  it("gives a station its tickets to make first, then those it has bumped, and none of the others'", () => {
    expect(keyLanes(lanes, 1)).toEqual([["b", "d"], ["a"]]);
    expect(keyLanes(lanes, 2)).toEqual([["a", "c"], ["d"]]);
    expect(keyLanes(lanes, 9)).toEqual([[], []]);
  });

  it("gives expo every order a station makes, in the board's order", () => {
    expect(keyLanes(lanes, "expo")).toEqual([["a", "b", "c", "d"]]);
  });
});
