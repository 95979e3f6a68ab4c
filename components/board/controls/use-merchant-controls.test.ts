import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import type { MerchantState } from "@/lib/contract/merchant-state";
import { afterMerchantAction, menuRefsForLines } from "./use-merchant-controls";

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

describe("afterMerchantAction", () => {
  const lastRead = { lastRead: "2026-11-28T06:00:00.000Z", status: "SUCCESS" };
  const changes = [
    { at: "2026-11-28T05:59:00.000Z", actor: "Marta", change: "busy", minutes: 20, pacing: null, channel: null },
  ];
  const before = { storeId: "s1", paused: false, platformRead: lastRead, controlChanges: changes } as MerchantState;

  it("keeps the platform's last read and the audit through an action's answer, and reads them again", () => {
    const client = new QueryClient();
    client.setQueryData(["merchant", "s1"], before);
    // A pause's answer: the store's state without the back office's extras.
    void afterMerchantAction(client, { storeId: "s1", paused: true } as MerchantState);
    expect(client.getQueryData(["merchant", "s1"])).toMatchObject({
      paused: true,
      platformRead: lastRead,
      controlChanges: changes,
    });
    expect(client.getQueryState(["merchant", "s1"])?.isInvalidated).toBe(true);
  });

  it("takes the answer's own extras when it has them", () => {
    const client = new QueryClient();
    client.setQueryData(["merchant", "s1"], before);
    const fresh = { lastRead: "2026-11-28T06:01:00.000Z", status: "FAIL" };
    void afterMerchantAction(client, { storeId: "s1", paused: false, platformRead: fresh } as MerchantState);
    expect(client.getQueryData<MerchantState>(["merchant", "s1"])?.platformRead).toEqual(fresh);
  });
});
