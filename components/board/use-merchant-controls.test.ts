import { describe, expect, it } from "vitest";
import type { MerchantState } from "@/lib/contract/merchant";
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
});
