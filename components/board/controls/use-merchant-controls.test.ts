import { describe, expect, it } from "vitest";
import type { MerchantState } from "@/lib/contract/merchant-state";
import { menuRefsForLines } from "./use-merchant-controls";

describe("menuRefsForLines", () => {
  const state = {
    menu: [
      { kind: "item", refId: 1502, name: "Coca-Cola 2 L", group: "Bebidas" },
      { kind: "option", refId: 110101, name: "Borda recheada de Catupiry", group: "Borda" },
    ],
  } as MerchantState;

  it("finds a ticket's lines on the menu, ignoring case and accents, and leaves out the rest", () => {
    expect(menuRefsForLines(state, ["coca-cola 2 l", "BORDA RECHEADA DE CATUPÍRY", "Pastel"])).toEqual([
      { kind: "item", refId: 1502, name: "Coca-Cola 2 L" },
      { kind: "option", refId: 110101, name: "Borda recheada de Catupiry" },
    ]);
    expect(menuRefsForLines(undefined, ["Coca-Cola 2 L"])).toEqual([]);
  });

  it("reads a half pizza's flavour as the flavour itself", () => {
    const flavours = { menu: [{ kind: "option", refId: 7, name: "Calabresa", group: "Sabores" }] } as MerchantState;
    expect(menuRefsForLines(flavours, ["1/2 Calabresa"])).toEqual([{ kind: "option", refId: 7, name: "Calabresa" }]);
    expect(menuRefsForLines(flavours, ["Calabresa acebolada"])).toEqual([]);
  });

  it("reads a pizza line as its size and its flavours, never an item by a parenthesis", () => {
    const pizzeria = {
      menu: [
        { kind: "size", refId: 1203, name: "Pizza Grande", group: "Pizzas" },
        { kind: "flavor", refId: 1301, name: "Calabresa", group: "Pizzas" },
        { kind: "item", refId: 1504, name: "Suco natural", group: "Bebidas" },
      ],
    } as MerchantState;
    expect(menuRefsForLines(pizzeria, ["Pizza Grande (8 fatias)", "1/2 Calabresa"])).toEqual([
      { kind: "size", refId: 1203, name: "Pizza Grande" },
      { kind: "flavor", refId: 1301, name: "Calabresa" },
    ]);
    // Only a size loses the platform's "(8 fatias)": an item's name is matched whole.
    expect(menuRefsForLines(pizzeria, ["Suco natural (300 ml)"])).toEqual([]);
  });
});
