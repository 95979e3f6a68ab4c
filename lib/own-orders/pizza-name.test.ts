import { describe, expect, it } from "vitest";
import { NO_SOLD_OUT, TEST_MENU } from "./test-menu";
import { priceLines } from "./totals";

describe("a pizza line's name", () => {
  const line = { kind: "pizza" as const, sizeId: 30, flavorIds: [100], quantity: 1, options: [] };

  it("says the size as a pizza: Grande is Pizza Grande", () => {
    expect(priceLines([line], TEST_MENU, NO_SOLD_OUT, "highest").lines[0]!.name).toBe("Pizza Grande");
  });

  it("does not say it twice when the menu names the size so (the sandbox's Pizza Média)", () => {
    const menu = {
      ...TEST_MENU,
      pizzaSizes: TEST_MENU.pizzaSizes.map((size) => (size.id === 30 ? { ...size, name: "Pizza Média" } : size)),
    };
    expect(priceLines([line], menu, NO_SOLD_OUT, "highest").lines[0]!.name).toBe("Pizza Média");
  });
});
