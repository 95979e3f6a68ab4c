import { describe, expect, it } from "vitest";
import { ageInMinutes, isKnownOrderType } from "./order-format";

describe("ageInMinutes", () => {
  const placed = "2025-01-01T12:00:00Z";
  const at = (iso: string) => Date.parse(iso);

  it("counts whole minutes", () => {
    expect(ageInMinutes(placed, at("2025-01-01T12:00:59Z"))).toBe(0);
    expect(ageInMinutes(placed, at("2025-01-01T12:03:10Z"))).toBe(3);
    expect(ageInMinutes(placed, at("2025-01-01T13:05:00Z"))).toBe(65);
  });

  it("never goes negative and gives up on unreadable times", () => {
    expect(ageInMinutes(placed, at("2025-01-01T11:59:00Z"))).toBe(0);
    expect(ageInMinutes("soon", Date.now())).toBeNull();
  });
});

describe("isKnownOrderType", () => {
  it("knows the standard's types and nothing else", () => {
    expect(isKnownOrderType("TAKEOUT")).toBe(true);
    expect(isKnownOrderType("DRONE")).toBe(false);
  });
});
