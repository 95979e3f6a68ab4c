import { describe, expect, it } from "vitest";
import { endOfDay } from "./control-actions";

// Sold out "until end of day" ends at the store's own midnight, not São Paulo's for every store.

describe("endOfDay", () => {
  const now = new Date("2026-11-20T23:30:00Z"); // 20:30 in São Paulo, 19:30 in Manaus

  it("is the next local midnight in the store's zone", () => {
    expect(endOfDay(now).toISOString()).toBe("2026-11-21T03:00:00.000Z");
    expect(endOfDay(now, "America/Manaus").toISOString()).toBe("2026-11-21T04:00:00.000Z");
  });

  it("after local midnight, is the end of that new day", () => {
    expect(endOfDay(new Date("2026-11-21T03:30:00Z")).toISOString()).toBe("2026-11-22T03:00:00.000Z");
  });
});
