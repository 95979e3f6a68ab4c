import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fireOffsets, fireTimes, hasFired, linePrepMinutes, minutesToFire } from "./fire-time";
import { kitchenLines, type Station } from "./station-routing";
import { testMenu } from "./station-test-menu";

const MINUTE = 60_000;
const prepTimes = fc.array(fc.integer({ min: 1, max: 180 }), { minLength: 1, maxLength: 30 });
const start = fc.integer({ min: 0, max: 4_102_444_800_000 });

describe("fire time", () => {
  it("fires a 20 min pizza at the start and a 2 min drink 18 min later", () => {
    expect(fireOffsets([20, 2])).toEqual([0, 18]);
    expect(fireTimes(1_000, [20, 2])).toEqual([1_000, 1_000 + 18 * MINUTE]);
  });

  it("fires the longest line at the start", () => {
    fc.assert(
      fc.property(start, prepTimes, (at, preps) => {
        const times = fireTimes(at, preps);
        expect(times[preps.indexOf(Math.max(...preps))]).toBe(at);
      }),
    );
  });

  it("fires no line before the start or after start + the longest time", () => {
    fc.assert(
      fc.property(start, prepTimes, (at, preps) => {
        const longest = Math.max(...preps);
        for (const time of fireTimes(at, preps)) {
          expect(time).toBeGreaterThanOrEqual(at);
          expect(time).toBeLessThanOrEqual(at + longest * MINUTE);
        }
      }),
    );
  });

  it("finishes every line together, at start + the longest time", () => {
    fc.assert(
      fc.property(start, prepTimes, (at, preps) => {
        const longest = Math.max(...preps);
        fireTimes(at, preps).forEach((time, index) =>
          expect(time + preps[index]! * MINUTE).toBe(at + longest * MINUTE),
        );
      }),
    );
  });

  it("counts a held line's minutes up, never below 1 while held, and fires it at its time", () => {
    expect(minutesToFire(0, 4, 0)).toBe(4);
    expect(minutesToFire(0, 4, 3 * MINUTE + 1)).toBe(1);
    expect(hasFired(0, 4, 4 * MINUTE - 1)).toBe(false);
    expect(hasFired(0, 4, 4 * MINUTE)).toBe(true);
    // A server acts on what a tablet a little ahead already shows as fired.
    expect(hasFired(0, 4, 4 * MINUTE - 30_000, MINUTE)).toBe(true);
  });
});

describe("a line's preparation time", () => {
  const stations: Station[] = [
    { id: 1, name: "Forno", isDefault: false },
    { id: 2, name: "Bebidas", isDefault: true },
  ];
  const lines = kitchenLines(stations, [{ kind: "category", refId: 1, stationId: 1 }], testMenu())!;
  const prep = linePrepMinutes(
    { storeMinutes: 25, stationMinutes: new Map([[1, 20]]), itemMinutes: new Map([["item:32", 4]]) },
    lines.route,
    lines.entryOf,
  );
  const line = (name: string, code?: string) => ({ name, ...(code && { code }), options: [] });

  it("is the item's own, else its station's, else the store's", () => {
    expect(prep(line("Suco de laranja", "item:32"))).toBe(4);
    expect(prep(line("Pizza Grande", "pizzaSize:7"))).toBe(20);
    // Bebidas has no time of its own: the store's.
    expect(prep(line("Coca-Cola lata", "item:31"))).toBe(25);
    // A line the menu does not know goes to the default station, and takes its time.
    expect(prep(line("Prato do dia"))).toBe(25);
  });

  it("keys a pizza size's own time by its size", () => {
    const own = linePrepMinutes(
      { storeMinutes: 25, stationMinutes: new Map(), itemMinutes: new Map([["size:7", 18]]) },
      lines.route,
      lines.entryOf,
    );
    expect(own(line("Pizza Grande", "pizzaSize:7"))).toBe(18);
  });
});
