import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { ORDER_BOUNDS, pastBounds } from "./order-bounds";

const item = (options = 0) => ({ name: "Pizza", options: Array.from({ length: options }, () => ({ name: "Borda" })) });

describe("order bounds", () => {
  it("are 500 items, 100 options an item and 10,000 characters of text", () => {
    // Documented in lib/platform/interchange/order-bounds.ts and the architecture: pinned here.
    expect(ORDER_BOUNDS).toEqual({ items: 500, optionsPerItem: 100, textLength: 10_000 });
  });

  it("name the bound an order breaks", () => {
    expect(pastBounds({ items: Array.from({ length: 500 }, () => item()) })).toBeNull();
    expect(pastBounds({ items: Array.from({ length: 501 }, () => item()) })).toBe(
      "The order has 501 items; Comanda takes at most 500.",
    );
    expect(pastBounds({ items: [item(101)] })).toBe("An item of the order has 101 options; Comanda takes at most 100.");
    expect(pastBounds({ items: [item()], customer: { name: "x".repeat(10_001) } })).toBe(
      "A text of the order has 10001 characters; Comanda takes at most 10000.",
    );
    // Not an order at all: the schema says so, not the bounds.
    expect(pastBounds("nonsense")).toBeNull();
  });

  it("find a long text wherever it sits, a key included", () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), fc.integer({ min: 10_001, max: 20_000 }), (value, length) => {
        const long = "a".repeat(length);
        expect(pastBounds({ value, deep: [{ note: long }] })).toMatch(/A text of the order/);
        expect(pastBounds({ value, [long]: 1 })).toMatch(/A text of the order/);
      }),
      { numRuns: 50 },
    );
  });
});
