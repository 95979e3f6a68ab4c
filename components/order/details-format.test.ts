import { describe, expect, it } from "vitest";
import { formatClock, formatMoney, itemLines } from "./details-format";

describe("itemLines", () => {
  it("multiplies each option's quantity by its item's quantity", () => {
    const [combo] = itemLines([
      { name: "Combo", quantity: 2, options: [{ name: "Fritas", quantity: 1 }, { name: "Molho", quantity: 3 }] },
    ]);
    expect(combo?.quantity).toBe(2);
    expect(combo?.options).toEqual([
      { name: "Fritas", quantity: 2 },
      { name: "Molho", quantity: 6 },
    ]);
  });

  it("tolerates missing fields", () => {
    expect(itemLines(undefined)).toEqual([]);
    expect(itemLines([{ specialInstructions: "  sem cebola " }])[0]).toMatchObject({
      name: "?",
      quantity: 1,
      instructions: "sem cebola",
      options: [],
    });
  });
});

describe("formatting", () => {
  it("formats money in the order's currency and times in São Paulo", () => {
    expect(formatMoney("pt-BR", 100, "BRL")?.replace(/\s/g, " ")).toBe("R$ 100,00");
    expect(formatMoney("pt-BR", undefined)).toBeNull();
    expect(formatClock("pt-BR", "2025-01-02T00:40:00Z")).toBe("21:40");
    expect(formatClock("pt-BR", "nope")).toBeNull();
  });
});
