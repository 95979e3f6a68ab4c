import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import { boardCard } from "@/e2e/support/board-card";
import { splitTicket } from "./ticket-parts";

const line = (index: number, note?: string) => ({
  name: `Pizza ${index}`,
  quantity: 1,
  options: [{ name: "Calabresa", quantity: 1 }],
  ...(note && { note }),
});

describe("splitTicket", () => {
  it("leaves the head alone in the first part when its first line does not fit under it", () => {
    const order = boardCard({
      allergy: true,
      notes: "x".repeat(200),
      lines: [line(0, "sem lactose, cliente intolerante, ".repeat(3)), line(1)],
    });
    const parts = splitTicket(order, 260, 176);
    expect(parts[0]?.lines).toEqual([]);
    expect(parts.flatMap((part) => part.lines)).toEqual([0, 1]);
  });

  it("keeps a ticket that fits a column whole, and a phone's (no budget) always", () => {
    const order = boardCard({ lines: [line(0), line(1)] });
    expect(splitTicket(order, 500, 176)).toEqual([{ index: 0, count: 1, lines: [0, 1] }]);
    const long = boardCard({ lines: Array.from({ length: 40 }, (_, index) => line(index)) });
    expect(splitTicket(long, 0, 176)).toHaveLength(1);
  });

  it("splits a long ticket into parts that each hold whole lines, in order", () => {
    const order = boardCard({
      lines: Array.from({ length: 12 }, (_, index) => line(index, index === 5 ? "sem lactose" : undefined)),
    });
    const parts = splitTicket(order, 400, 176);
    expect(parts.length).toBeGreaterThan(1);
    expect(parts.flatMap((part) => part.lines)).toEqual(Array.from({ length: 12 }, (_, index) => index));
    expect(parts.every((part, index) => part.index === index && part.count === parts.length)).toBe(true);
  });

  it("property: every line is in exactly one part, in order, and no part is empty", () => {
    const notes = fc.option(fc.string({ maxLength: 140 }), { nil: undefined });
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.string({ maxLength: 60 }), notes), { maxLength: 12 }),
        fc.option(fc.string({ maxLength: 280 }), { nil: null }),
        fc.integer({ min: 0, max: 900 }),
        fc.integer({ min: 100, max: 400 }),
        (items, orderNote, budget, width) => {
          const order = boardCard({
            notes: orderNote,
            allergy: true,
            lines: items.map(([name, note]) => ({ name, quantity: 2, options: [], ...(note && { note }) })),
          });
          const parts = splitTicket(order, budget, width);
          expect(parts.flatMap((part) => part.lines)).toEqual(items.map((_, index) => index));
          // Only the first part may be the head alone (its first line did not fit under it).
          if (items.length > 0) expect(parts.slice(1).every((part) => part.lines.length > 0)).toBe(true);
        },
      ),
    );
  });
});
