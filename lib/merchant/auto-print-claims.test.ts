import { describe, expect, it } from "vitest";
import { claimAutoPrint } from "./auto-print-claims";

describe("claimAutoPrint (one ticket per auto-accepted order, whichever board asks)", () => {
  const now = new Date("2026-11-20T19:00:00Z");

  it("grants the first ask only, per store and order", () => {
    const claims = new Map<string, number>();
    expect(claimAutoPrint(claims, "s1", "o1", now)).toBe(true);
    expect(claimAutoPrint(claims, "s1", "o1", now)).toBe(false);
    expect(claimAutoPrint(claims, "s2", "o1", now)).toBe(true);
  });

  it("stays bounded, forgetting the oldest", () => {
    const claims = new Map<string, number>();
    for (let i = 0; i < 5_001; i++) claimAutoPrint(claims, "s", `o${i}`, now);
    expect(claims.size).toBe(5_000);
    expect(claimAutoPrint(claims, "s", "o0", now)).toBe(true); // forgotten: the oldest went first
    expect(claimAutoPrint(claims, "s", "o5000", now)).toBe(false);
  });
});
