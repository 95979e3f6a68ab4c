import { describe, expect, it } from "vitest";
import { pizzariaStore } from "../catalog/stores";
import { pointInPolygon } from "./geo";
import { inDailyWindow, isAvailableAt, isOpenAt, localTime, minutesOf, nextOpening } from "./time";

// Store-local time (São Paulo, UTC−03:00): shifts that cross midnight, availability periods,
// the next opening; and the point-in-polygon test of delivery areas.

const brt = (local: string) => new Date(`${local}-03:00`);

describe("store-local time", () => {
  it("reads weekday and minutes in São Paulo", () => {
    expect(localTime(new Date("2026-11-21T02:30:00Z"))).toEqual({ weekday: 5, minutes: 23 * 60 + 30 });
    expect(minutesOf("18:30:00-03:00")).toBe(18 * 60 + 30);
    expect(minutesOf("21:30:00+00:00")).toBe(18 * 60 + 30);
  });

  it("handles windows that cross midnight and 23:59 as the end of the day", () => {
    expect(inDailyWindow(60, "23:30:00-03:00", "03:00:00-03:00")).toBe(true);
    expect(inDailyWindow(4 * 60, "23:30:00-03:00", "03:00:00-03:00")).toBe(false);
    expect(inDailyWindow(23 * 60 + 59, "17:00:00-03:00", "23:59:00-03:00")).toBe(true);
  });

  it("keeps a shift that ends after midnight on the next day's early hours", () => {
    expect(isOpenAt(pizzariaStore, brt("2026-11-21T00:15:00"))).toBe(true); // Friday's dinner shift, Saturday 00:15
    expect(isOpenAt(pizzariaStore, brt("2026-11-21T00:45:00"))).toBe(false);
    expect(isOpenAt(pizzariaStore, brt("2026-11-21T12:00:00"))).toBe(false); // no lunch on Saturdays
    expect(isOpenAt(pizzariaStore, brt("2026-11-20T12:00:00"))).toBe(true); // lunch on Friday
  });

  it("checks availability periods by weekday; no periods means always", () => {
    const weekdayLunch = [{ id: 1, weekday: 1, periodStart: "11:00:00-03:00", periodEnd: "15:00:00-03:00" }];
    expect(isAvailableAt(weekdayLunch, brt("2026-11-23T12:00:00"))).toBe(true);
    expect(isAvailableAt(weekdayLunch, brt("2026-11-24T12:00:00"))).toBe(false);
    expect(isAvailableAt([], brt("2026-11-24T04:00:00"))).toBe(true);
  });

  it("finds the next quarter hour the store is open, after the lead time", () => {
    expect(nextOpening(pizzariaStore, brt("2026-11-21T09:00:00"), 40)?.toISOString()).toBe(
      brt("2026-11-21T18:00:00").toISOString(),
    );
    expect(nextOpening(pizzariaStore, brt("2026-11-20T19:07:00"), 40)?.toISOString()).toBe(
      brt("2026-11-20T20:00:00").toISOString(),
    );
  });
});

describe("pointInPolygon", () => {
  const square = [
    { lat: 0, lng: 0 },
    { lat: 0, lng: 1 },
    { lat: 1, lng: 1 },
    { lat: 1, lng: 0 },
  ];
  it("tells inside from outside", () => {
    expect(pointInPolygon({ lat: 0.5, lng: 0.5 }, square)).toBe(true);
    expect(pointInPolygon({ lat: 1.5, lng: 0.5 }, square)).toBe(false);
    expect(pointInPolygon({ lat: 0.5, lng: -0.1 }, square)).toBe(false);
  });
});
