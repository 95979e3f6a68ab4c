import { describe, expect, it } from "vitest";
import type { BoardOrder } from "@/lib/contract/board";
import { heldLast, heldState } from "./held-lines";

const START = Date.parse("2026-01-01T15:00:00.000Z");
const at = (minutes: number) => START + minutes * 60_000;
const line = (name: string, fireIn?: number) => ({
  name,
  quantity: 1,
  options: [],
  stations: [1],
  ...(fireIn && { fireIn }),
});
const order = (id: string, lines: ReturnType<typeof line>[], extra: Partial<BoardOrder> = {}) =>
  ({ id, column: "preparing", stageSince: new Date(START).toISOString(), lines, ...extra }) as BoardOrder;

describe("held lines on a station's ticket", () => {
  it("holds a line until its fire time, counting the minutes up", () => {
    const card = order("a", [line("Pizza"), line("Guaraná", 18)]);
    expect(heldState(card, [0, 1], at(14)).held).toEqual(new Map([[1, 4]]));
    expect(heldState(card, [0, 1], at(14)).allHeld).toBe(false);
    expect(heldState(card, [1], at(14))).toMatchObject({ allHeld: true, firstIn: 4 });
    // At its fire time it is a normal line.
    expect(heldState(card, [1], at(18)).held.size).toBe(0);
  });

  it("holds nothing outside preparation, without a start, or once a cook marked it done", () => {
    const lines = [line("Guaraná", 18)];
    expect(heldState(order("a", lines, { column: "new" }), [0], at(1)).held.size).toBe(0);
    expect(heldState(order("a", lines, { stageSince: null }), [0], at(1)).held.size).toBe(0);
    expect(heldState(order("a", lines, { doneLines: [0] }), [0], at(1))).toMatchObject({ allHeld: false });
  });

  it("puts wholly held tickets after the others, each group in its order", () => {
    const orders = [
      order("held-1", [line("Guaraná", 18)]),
      order("fired-1", [line("Pizza")]),
      order("held-2", [line("Suco", 5)]),
      order("fired-2", [line("Pizza"), line("Coca", 3)]),
    ];
    const sorted = heldLast(orders, (card) => (card.lines ?? []).map((_, index) => index), at(1));
    expect(sorted.map((card) => card.id)).toEqual(["fired-1", "fired-2", "held-1", "held-2"]);
    expect(heldLast(orders, () => [0], at(30)).map((card) => card.id)).toEqual(orders.map((card) => card.id));
  });
});
