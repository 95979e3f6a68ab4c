import { describe, expect, it } from "vitest";
import { boardCard } from "@/e2e/support/board-card";
import * as fc from "fast-check";
import { boundCard, boundNote, cutText, TRUNCATION_MARKER } from "./card-bounds";
import { ALLERGY_WORDS, allergyPhrases, hasAllergy } from "./allergy";

describe("boundCard", () => {
  it("leaves an ordinary card as it is", () => {
    const card = boardCard({ customerName: "Ana", lines: [{ name: "Pizza", quantity: 1, options: [] }] });
    expect(boundCard(card)).toEqual(card);
  });

  it("cuts long texts with a marker and says the card was truncated", () => {
    const card = boundCard(
      boardCard({
        customerName: "A".repeat(10_000),
        displayId: "9".repeat(500),
        notes: "n".repeat(5_000),
        place: "p".repeat(1_000),
        pickupCode: "7".repeat(1_000),
        lines: Array.from({ length: 400 }, (_, index) => ({
          name: `Item ${index} ${"x".repeat(1_000)}`,
          note: `${"y".repeat(3_000)} alergia`,
          quantity: 1,
          options: Array.from({ length: 50 }, () => ({ name: "o".repeat(500), quantity: 1 })),
          // A store's 8 stations at most, ids as large as a serial's.
          stations: Array.from({ length: 8 }, (_, station) => 2_147_483_600 + station),
          // Hold and fire: the longest offset a store's times give.
          fireIn: 179,
        })),
        stationProgress: Array.from({ length: 8 }, (_, station) => ({
          id: 2_147_483_600 + station,
          name: "S".repeat(24),
          lines: 400,
          done: 400,
        })),
      }),
    );
    expect(card.truncated).toBe(true);
    expect(card.customerName).toHaveLength(80);
    expect(card.customerName?.endsWith(TRUNCATION_MARKER)).toBe(true);
    expect(card.displayId.length).toBeLessThanOrEqual(24);
    expect(card.pickupCode).toHaveLength(20);
    expect(card.lines).toHaveLength(12);
    expect(card.lines?.[0]?.options).toHaveLength(6);
    expect(card.lines?.[0]?.fireIn).toBe(179);
    // Under 12 KB (docs/architecture.md), as a literal: the constant could be raised unnoticed.
    expect(Buffer.byteLength(JSON.stringify(card))).toBeLessThan(12_000);
  });

  it("keeps every item's note and the order's, and flags an allergy on an item or on the order", () => {
    const lines = [
      { name: "Pizza", quantity: 1, options: [], note: "SEM LACTOSE - cliente intolerante" },
      { name: "Coca", quantity: 1, options: [] },
    ];
    const onItem = boundCard(boardCard({ lines, notes: "Troco para 50" }));
    expect(onItem.lines?.[0]?.note).toBe("SEM LACTOSE - cliente intolerante");
    expect(onItem.notes).toBe("Troco para 50");
    expect(onItem.allergy).toBe(true);
    expect(onItem.truncated).toBeUndefined();
    expect(boundCard(boardCard({ notes: "Filho alérgico a camarão" })).allergy).toBe(true);
    expect(boundCard(boardCard({ notes: "sem cebola", lines: [lines[1]!] })).allergy).toBeUndefined();
  });

  it("leaves a line out past the limit, never its note", () => {
    const lines = Array.from({ length: 15 }, (_, index) => ({
      name: `Item ${index}`,
      quantity: 1,
      options: [],
      ...(index === 14 && { note: "sem glúten, celíaco" }),
    }));
    const card = boundCard(boardCard({ lines }));
    expect(card.lines).toHaveLength(12);
    expect(card.moreNotes).toBe("Item 14: sem glúten, celíaco");
    expect(card.allergy).toBe(true);
  });

  it("keeps an allergy phrase that sat past a long note's cut", () => {
    const { text, cut } = boundNote(`${"Capricha no molho. ".repeat(20)}Cliente ALÉRGICO a camarão`, 140);
    expect(cut).toBe(true);
    expect(text.length).toBeLessThanOrEqual(140);
    expect(allergyPhrases(text)).toEqual(["ALÉRGICO"]);
  });

  it("property: a bounded note fits its limit and names an allergy whenever the whole note does", () => {
    const word = fc.constantFrom(...ALLERGY_WORDS, "sem cebola", "molho", "bem passado", "ALERGIA", "Intolerância");
    const note = fc
      .array(fc.oneof(word, fc.string({ maxLength: 30 })), { maxLength: 40 })
      .map((parts) => parts.join(" "));
    fc.assert(
      fc.property(note, fc.integer({ min: 40, max: 400 }), (value, max) => {
        const { text } = boundNote(value, max);
        expect(text.length).toBeLessThanOrEqual(max);
        if (hasAllergy(value)) expect(hasAllergy(text)).toBe(true);
      }),
    );
  });

  it("never leaves half of a surrogate pair at the cut", () => {
    const { text } = cutText("a".repeat(78) + "😀😀😀", 80);
    expect(text).toBe("a".repeat(78) + TRUNCATION_MARKER);
    expect(text).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/);
  });

  it("drops a total whose currency the board could not format", () => {
    expect(boundCard(boardCard({ total: { value: 10, currency: "reais" } })).total).toBeNull();
    expect(boundCard(boardCard({ total: { value: 10, currency: "HMO" } })).total).toEqual({
      value: 10,
      currency: "HMO",
    });
  });
});
