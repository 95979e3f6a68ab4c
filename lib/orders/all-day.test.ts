import { describe, expect, it } from "vitest";
import { kitchenLines } from "@/lib/orders/order-lines";
import { boardCard } from "@/e2e/support/board-card";
import { allDayCounts } from "./all-day";
import type { BoardOrder, KitchenLine } from "@/lib/contract/board";

const NOW = Date.parse("2026-11-20T20:00:00.000Z");
let seq = 0;
const card = (displayId: string, lines: KitchenLine[], overrides: Partial<BoardOrder> = {}): BoardOrder =>
  boardCard({
    id: displayId,
    displayId,
    itemCount: lines.length,
    column: "preparing",
    seq: ++seq,
    lines,
    ...overrides,
  });
const pizza = (quantity: number, ...flavours: string[]): KitchenLine => ({
  name: "Pizza G",
  quantity,
  options: flavours.map((name) => ({ name, quantity: 1 })),
});

describe("allDayCounts", () => {
  it("adds up identical item+options lines across orders in preparation, options multiplied", () => {
    const counts = allDayCounts(
      [
        card("1001", [
          pizza(1, "1/2 Margherita", "1/2 Calabresa"),
          { name: "Coca-Cola 2 L", quantity: 1, options: [] },
        ]),
        // The same options in another order are the same pizza.
        card("1002", [pizza(2, "1/2 Calabresa", "1/2 Margherita")]),
        card("1003", [pizza(1, "Frango com Catupiry"), { name: "Coca-Cola 2 L", quantity: 2, options: [] }]),
      ],
      NOW,
    );
    expect(counts).toEqual([
      { name: "Coca-Cola 2 L", quantity: 3, options: [], orders: ["1001", "1003"] },
      {
        name: "Pizza G",
        quantity: 3,
        options: [
          { name: "1/2 Calabresa", quantity: 3 },
          { name: "1/2 Margherita", quantity: 3 },
        ],
        orders: ["1001", "1002"],
      },
      { name: "Pizza G", quantity: 1, options: [{ name: "Frango com Catupiry", quantity: 1 }], orders: ["1003"] },
    ]);
  });

  it("keeps an option's own quantity apart: 2 bacon per burger is another burger than 1", () => {
    const burger = (bacon: number, quantity: number): KitchenLine => ({
      name: "Smash",
      quantity,
      options: [{ name: "Bacon", quantity: bacon }],
    });
    expect(allDayCounts([card("1", [burger(2, 2)]), card("2", [burger(1, 1)])], NOW)).toEqual([
      { name: "Smash", quantity: 2, options: [{ name: "Bacon", quantity: 4 }], orders: ["1"] },
      { name: "Smash", quantity: 1, options: [{ name: "Bacon", quantity: 1 }], orders: ["2"] },
    ]);
  });

  it("counts only confirmed, not yet ready orders: not New, Ready, finished, or those still waiting for their time", () => {
    const line = pizza(1, "Calabresa");
    const counted = allDayCounts(
      [
        card("new", [line], { column: "new" }),
        card("ready", [line], { column: "ready" }),
        card("done", [line], { column: "done" }),
        card("waiting", [line], { preparationStartAt: "2026-11-20T21:00:00.000Z" }),
        card("due", [line], { preparationStartAt: "2026-11-20T19:30:00.000Z" }),
        card("old-card", [line], { lines: undefined }),
      ],
      NOW,
    );
    expect(counted).toEqual([
      { name: "Pizza G", quantity: 1, options: [{ name: "Calabresa", quantity: 1 }], orders: ["due"] },
    ]);
  });
});

describe("kitchenLines", () => {
  it("reads the platform's items defensively", () => {
    expect(
      kitchenLines([
        { name: " Pizza G ", quantity: 2, options: [{ name: "1/2 Calabresa", quantity: 1 }, "junk", { quantity: 0 }] },
        { name: "Açaí 500 ml", quantity: 0.5, unit: "L" },
        null,
        { quantity: -1 },
      ]),
    ).toEqual([
      {
        name: "Pizza G",
        quantity: 2,
        options: [
          { name: "1/2 Calabresa", quantity: 1 },
          { name: "?", quantity: 1 },
        ],
      },
      { name: "Açaí 500 ml", quantity: 0.5, options: [] },
      { name: "?", quantity: 1, options: [] },
    ]);
  });
});
