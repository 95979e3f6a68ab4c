import { describe, expect, it } from "vitest";
import { plausibilityFlags } from "./plausibility";
import type { OrderSummary } from "./types";

const receivedAt = new Date("2026-11-20T19:03:00.000Z");
const real: OrderSummary = {
  displayId: "4821",
  type: "DELIVERY",
  customerName: "Mariana Souza",
  itemCount: 3,
  total: { value: 87.5, currency: "BRL" },
  placedAt: "2026-11-20T19:02:00.000Z",
  timing: "INSTANT",
  preparationStartAt: "2026-11-20T19:02:00.000Z",
  scheduledFor: null,
  lines: [{ name: "X-Burger", quantity: 3, options: [{ name: "Bacon", quantity: 1 }] }],
  totals: { itemsPrice: 80, otherFees: 12.5, discount: 5 },
};
const flags = (overrides: Partial<OrderSummary>, at: Date | null = receivedAt) =>
  plausibilityFlags({ summary: { ...real, ...overrides }, receivedAt: at });

describe("plausibilityFlags", () => {
  it("finds nothing wrong with a real order", () => {
    expect(flags({})).toEqual([]);
    // A summary stored before the breakdown existed is judged on what it has.
    expect(flags({ totals: undefined })).toEqual([]);
  });

  it("flags negative and absurd amounts", () => {
    expect(flags({ total: { value: -10, currency: "BRL" }, totals: null })).toEqual(["negativeAmount"]);
    // The documented bound, as a literal (a test computing it from the constant would follow any change): R$ 50,000.
    expect(flags({ total: { value: 50_000, currency: "BRL" }, totals: null })).toEqual([]);
    expect(flags({ total: { value: 50_000.01, currency: "BRL" }, totals: null })).toEqual(["absurdAmount"]);
    expect(flags({ totals: { itemsPrice: 80, otherFees: -12.5, discount: -20 } })).toEqual(["negativeAmount"]);
  });

  it("flags a currency other than the real's", () => {
    expect(flags({ total: { value: 87.5, currency: "HMO" } })).toEqual(["unknownCurrency"]);
  });

  it("flags quantities beyond what a kitchen makes for one order: 500 (docs/architecture.md)", () => {
    const line = (quantity: number, option = 1) => ({
      lines: [{ name: "X", quantity, options: [{ name: "Y", quantity: option }] }],
      itemCount: quantity,
    });
    expect(flags(line(500))).toEqual([]);
    expect(flags(line(501))).toEqual(["absurdQuantity"]);
    expect(flags(line(1, 500))).toEqual([]);
    expect(flags(line(1, 501))).toEqual(["absurdQuantity"]);
    expect(flags({ lines: [{ name: "X", quantity: 97_000_000, options: [] }] })).toEqual(["absurdQuantity"]);
    // Without lines, the item count alone: 500 per line, at least one line's worth.
    expect(flags({ itemCount: 500, lines: undefined })).toEqual([]);
    expect(flags({ itemCount: 501, lines: undefined })).toEqual(["absurdQuantity"]);
    expect(flags({ itemCount: 97_000_000, lines: undefined })).toEqual(["absurdQuantity"]);
  });

  it("flags times a day or more from when Comanda received the order, and schedules beyond 60 days", () => {
    // receivedAt is 2026-11-20T19:03Z.
    expect(flags({ placedAt: "2026-11-19T19:03:00.000Z" })).toEqual([]);
    expect(flags({ placedAt: "2026-11-19T19:02:59.000Z" })).toEqual(["implausibleTime"]);
    expect(flags({ placedAt: "2026-11-21T19:03:01.000Z" })).toEqual(["implausibleTime"]);
    expect(flags({ timing: "SCHEDULED", scheduledFor: "2027-01-19T19:03:00.000Z" })).toEqual([]);
    expect(flags({ timing: "SCHEDULED", scheduledFor: "2027-01-19T19:03:01.000Z" })).toEqual(["implausibleTime"]);
  });

  it("flags times far from when Comanda received the order", () => {
    expect(flags({ placedAt: "1890-01-01T12:00:00.000Z" })).toEqual(["implausibleTime"]);
    expect(flags({ placedAt: "2200-01-01T12:00:00.000Z" })).toEqual(["implausibleTime"]);
    expect(flags({ timing: "SCHEDULED", scheduledFor: "2200-01-01T12:00:00.000Z" })).toEqual(["implausibleTime"]);
    // Tomorrow's lunch is a normal scheduled order; a platform clock a few minutes off is normal.
    expect(flags({ timing: "SCHEDULED", scheduledFor: "2026-11-21T12:00:00.000Z" })).toEqual([]);
    expect(flags({ placedAt: "2026-11-20T19:10:00.000Z" })).toEqual([]);
    // Without a reception time there is nothing to judge times against.
    expect(flags({ placedAt: "1890-01-01T12:00:00.000Z" }, null)).toEqual([]);
  });

  it("flags totals that do not add up, beyond rounding", () => {
    expect(flags({ totals: { itemsPrice: 80, otherFees: 12.5, discount: 5.02 } })).toEqual([]);
    expect(flags({ totals: { itemsPrice: 800, otherFees: 12.5, discount: 5 } })).toEqual(["totalMismatch"]);
  });

  it("lists every flag that applies, in a fixed order", () => {
    expect(
      flags({
        total: { value: -1, currency: "HMO" },
        placedAt: "1890-01-01T00:00:00.000Z",
        lines: [{ name: "X", quantity: 1e9, options: [] }],
      }),
    ).toEqual(["negativeAmount", "unknownCurrency", "absurdQuantity", "implausibleTime", "totalMismatch"]);
  });
});
