import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_STATIONS_PER_STORE, stationsInputSchema } from "./stations";

describe("stations input", () => {
  it("takes a list with routes by the station's place", () => {
    const input = {
      stations: [
        { name: " Forno ", isDefault: false },
        { id: 4, name: "Chapa", isDefault: true },
      ],
      routes: [{ kind: "category", refId: 1, station: 0 }],
      expoSkipTypes: ["TAKEOUT"],
    };
    expect(stationsInputSchema.parse(input).stations[0]!.name).toBe("Forno");
  });

  it("refuses a route to a station not in the list, two defaults, an entry routed twice, an empty name", () => {
    const station = { name: "Forno", isDefault: false };
    const bad = [
      { stations: [station], routes: [{ kind: "item", refId: 1, station: 1 }], expoSkipTypes: [] },
      {
        stations: [
          { ...station, isDefault: true },
          { name: "Chapa", isDefault: true },
        ],
        routes: [],
        expoSkipTypes: [],
      },
      {
        stations: [station, station],
        routes: [
          { kind: "item", refId: 1, station: 0 },
          { kind: "item", refId: 1, station: 1 },
        ],
        expoSkipTypes: [],
      },
      { stations: [{ name: "  ", isDefault: false }], routes: [], expoSkipTypes: [] },
      { stations: [station], routes: [], expoSkipTypes: ["DRONE"] },
    ];
    for (const input of bad) expect(stationsInputSchema.safeParse(input).success).toBe(false);
  });

  it("takes preparation times of 1–180 whole minutes, one per menu entry (hold and fire)", () => {
    const base = { routes: [], expoSkipTypes: [] };
    const ok = {
      ...base,
      stations: [
        { name: "Forno", isDefault: true, prepMinutes: 20 },
        { name: "Bebidas", isDefault: false, prepMinutes: null },
      ],
      prepTimes: [
        { kind: "item", refId: 31, minutes: 2 },
        { kind: "size", refId: 7, minutes: 180 },
      ],
    };
    expect(stationsInputSchema.parse(ok).prepTimes).toHaveLength(2);
    for (const minutes of [0, 181, 2.5, "20"])
      expect(
        stationsInputSchema.safeParse({ ...base, stations: [{ name: "F", isDefault: true, prepMinutes: minutes }] })
          .success,
      ).toBe(false);
    for (const prepTimes of [
      [{ kind: "item", refId: 31, minutes: 0 }],
      [{ kind: "category", refId: 1, minutes: 5 }],
      [
        { kind: "item", refId: 31, minutes: 2 },
        { kind: "item", refId: 31, minutes: 3 },
      ],
    ])
      expect(stationsInputSchema.safeParse({ ...base, stations: [], prepTimes }).success).toBe(false);
  });

  it("never accepts what it cannot store: any value parses to a bounded, consistent list or is refused", () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        const parsed = stationsInputSchema.safeParse(value);
        if (!parsed.success) return;
        expect(parsed.data.stations.length).toBeLessThanOrEqual(MAX_STATIONS_PER_STORE);
        for (const route of parsed.data.routes) expect(route.station).toBeLessThan(parsed.data.stations.length);
      }),
    );
    const station = fc.record({
      name: fc.string({ maxLength: 30 }),
      isDefault: fc.boolean(),
      id: fc.option(fc.integer(), { nil: undefined }),
    });
    fc.assert(
      fc.property(
        fc.array(station, { maxLength: 10 }),
        fc.array(
          fc.record({
            kind: fc.constantFrom("category", "item", "size", "option", "x"),
            refId: fc.integer(),
            station: fc.integer({ min: -1, max: 9 }),
          }),
        ),
        (stations, routes) => {
          const parsed = stationsInputSchema.safeParse({ stations, routes, expoSkipTypes: [] });
          if (!parsed.success) return;
          for (const saved of parsed.data.stations) {
            expect(saved.name.length).toBeGreaterThan(0);
            expect(saved.name.length).toBeLessThanOrEqual(24);
            expect(saved.name).not.toMatch(/[\u0000-\u001f]/);
          }
          for (const route of parsed.data.routes) expect(route.station).toBeLessThan(parsed.data.stations.length);
        },
      ),
    );
  });
});
