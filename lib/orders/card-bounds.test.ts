import { describe, expect, it } from "vitest";
import { boardCard } from "@/e2e/support/board-card";
import { boundCard, cutText, TRUNCATION_MARKER } from "./card-bounds";

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
        lines: Array.from({ length: 400 }, (_, index) => ({
          name: `Item ${index} ${"x".repeat(1_000)}`,
          quantity: 1,
          options: Array.from({ length: 50 }, () => ({ name: "o".repeat(500), quantity: 1 })),
        })),
      }),
    );
    expect(card.truncated).toBe(true);
    expect(card.customerName).toHaveLength(80);
    expect(card.customerName?.endsWith(TRUNCATION_MARKER)).toBe(true);
    expect(card.displayId.length).toBeLessThanOrEqual(24);
    expect(card.lines).toHaveLength(12);
    expect(card.lines?.[0]?.options).toHaveLength(6);
    // Under 8 KB (docs/architecture.md), as a literal: the constant could be raised unnoticed.
    expect(Buffer.byteLength(JSON.stringify(card))).toBeLessThan(8_000);
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
