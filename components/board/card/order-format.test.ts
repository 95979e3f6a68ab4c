import { describe, expect, it } from "vitest";
import { ageInMinutes, isKnownOrderType, optionsText } from "./order-format";

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

describe("optionsText", () => {
  it("multiplies each option by the item's quantity and writes a count only above one", () => {
    const options = [
      { name: "1/2 Calabresa", quantity: 1 },
      { name: "Bacon extra", quantity: 2 },
    ];
    expect(optionsText({ quantity: 1, options })).toBe("1/2 Calabresa · 2× Bacon extra");
    expect(optionsText({ quantity: 3, options })).toBe("3× 1/2 Calabresa · 6× Bacon extra");
    expect(optionsText({ quantity: 1, options: [] })).toBe("");
  });
});
