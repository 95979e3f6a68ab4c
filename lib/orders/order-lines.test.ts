import { describe, expect, it } from "vitest";
import { kitchenLines, orderNotes, reviewItems } from "./order-lines";

describe("reviewItems", () => {
  it("multiplies each option's quantity by its item's quantity", () => {
    const [combo] = reviewItems([
      {
        name: "Combo",
        quantity: 2,
        options: [
          { name: "Fritas", quantity: 1 },
          { name: "Molho", quantity: 3 },
        ],
      },
    ]);
    expect(combo?.quantity).toBe(2);
    expect(combo?.options).toEqual([
      { name: "Fritas", quantity: 2 },
      { name: "Molho", quantity: 6 },
    ]);
  });

  it("tolerates missing fields", () => {
    expect(reviewItems(undefined)).toEqual([]);
    expect(reviewItems([{ specialInstructions: "  sem cebola " }])[0]).toMatchObject({
      name: "?",
      quantity: 1,
      instructions: "sem cebola",
      options: [],
    });
  });
});

describe("kitchenLines", () => {
  it("carries an item's special instructions as its note, and only when there is one", () => {
    expect(
      kitchenLines([
        { name: "Temaki", quantity: 2, specialInstructions: " SEM GERGELIM alergia grave! " },
        { name: "Coca", quantity: 1 },
      ]),
    ).toEqual([
      { name: "Temaki", quantity: 2, options: [], note: "SEM GERGELIM alergia grave!" },
      { name: "Coca", quantity: 1, options: [] },
    ]);
  });

  it("reads the order's note from extraInfo", () => {
    expect(orderNotes({ extraInfo: "Tocar o interfone" })).toBe("Tocar o interfone");
    expect(orderNotes({ extraInfo: 3 })).toBeNull();
  });
});
