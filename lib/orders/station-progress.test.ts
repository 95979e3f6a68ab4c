import { describe, expect, it } from "vitest";
import type { BoardOrder } from "@/lib/contract/board";
import {
  allStationsDone,
  inRestaurantCodes,
  routeLines,
  skipsExpo,
  stationCard,
  stationIndexes,
} from "./station-progress";

const stations = {
  list: [
    { id: 1, name: "Forno" },
    { id: 2, name: "Bebidas" },
  ],
  route: (line: { name: string }) => (line.name.startsWith("Suco") ? [2] : line.name === "Combo" ? [1, 2] : [1]),
  prepMinutes: (line: { name: string }) => (line.name === "Pizza" ? 20 : line.name.startsWith("Suco") ? 2 : 5),
};
const line = (name: string) => ({ name, quantity: 1, options: [] });

describe("station progress", () => {
  it("counts each station's lines and marks; a line of two stations counts at both", () => {
    const { lines, stationProgress } = routeLines([line("Pizza"), line("Suco"), line("Combo")], stations, [1, 2]);
    expect(lines.map((routed) => routed.stations)).toEqual([[1], [2], [1, 2]]);
    // Hold and fire: the pizza (20 min) starts at once, the juice 18 min later, the combo 15.
    expect(lines.map((routed) => routed.fireIn)).toEqual([undefined, 18, 15]);
    expect(stationProgress).toEqual([
      { id: 1, name: "Forno", lines: 2, done: 1 },
      { id: 2, name: "Bebidas", lines: 2, done: 2 },
    ]);
    expect(allStationsDone(stationProgress)).toBe(false);
  });

  it("names a channel's items by the restaurant's codes, and drops a code the channel has not paired", () => {
    const withPairs = { ...stations, channelPairs: new Map([["b", new Map([[900_001, 1]])]]) };
    const lines = [
      { ...line("Pizza"), code: "item:900001" },
      { ...line("Suco"), code: "item:900002" },
      { ...line("Combo"), code: "SKU-9" },
    ];
    expect(inRestaurantCodes(lines, withPairs, "b").map((kept) => kept.code)).toEqual(["item:1", undefined, "SKU-9"]);
    // A channel without pairs (the base, or none imported) keeps its codes.
    expect(inRestaurantCodes(lines, withPairs, "a")).toEqual(lines);
    expect(inRestaurantCodes(lines, undefined, "b")).toEqual(lines);
  });

  it("leaves the lines as they were and adds no progress without stations", () => {
    expect(routeLines([line("Pizza")], undefined, [0])).toEqual({ lines: [line("Pizza")] });
    expect(allStationsDone(undefined)).toBe(false);
  });

  it("gives a station its own lines of the card", () => {
    const card = { lines: routeLines([line("Pizza"), line("Suco")], stations, []).lines } as BoardOrder;
    expect(stationIndexes(card, 2)).toEqual([1]);
    expect(stationCard(card, 2).lines?.map((kept) => kept.name)).toEqual(["Suco"]);
  });

  it("skips expo only for a chosen type made by one station, all bumped, that can be made Ready", () => {
    const card = (
      type: string,
      progress: BoardOrder["stationProgress"],
      actions: BoardOrder["actions"] = ["readyForPickup"],
    ) => ({ type, stationProgress: progress, actions }) as BoardOrder;
    const drinksOnly = [{ id: 2, name: "Bebidas", lines: 2, done: 2 }];
    expect(skipsExpo(card("TAKEOUT", drinksOnly), ["TAKEOUT"])).toBe(true);
    expect(skipsExpo(card("DELIVERY", drinksOnly), ["TAKEOUT"])).toBe(false);
    expect(skipsExpo(card("TAKEOUT", [{ ...drinksOnly[0]!, done: 1 }]), ["TAKEOUT"])).toBe(false);
    expect(skipsExpo(card("TAKEOUT", [...drinksOnly, { id: 1, name: "Forno", lines: 1, done: 1 }]), ["TAKEOUT"])).toBe(
      false,
    );
    expect(skipsExpo(card("TAKEOUT", drinksOnly, []), ["TAKEOUT"])).toBe(false);
  });
});
