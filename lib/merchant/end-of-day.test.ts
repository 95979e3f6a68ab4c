import { describe, expect, it } from "vitest";
import { endOfDay } from "./service";

describe("sold out until the end of the day", () => {
  it("ends at midnight on the store's own clock", () => {
    // 03:30 UTC: already the 21st in São Paulo (00:30), still the 20th in Manaus (23:30).
    const now = new Date("2026-11-21T03:30:00Z");
    expect(endOfDay(now, "America/Sao_Paulo").toISOString()).toBe("2026-11-22T03:00:00.000Z");
    expect(endOfDay(now, "America/Manaus").toISOString()).toBe("2026-11-21T04:00:00.000Z");
  });
});
