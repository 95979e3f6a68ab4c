import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { kitchenLines } from "@/lib/orders/order-lines";
import { toOrderReview } from "@/lib/orders/order-review";
import { parseOrderDetails } from "./order-summary";

// A platform may send anything as an order's details. Reading them never throws: the order is
// either understood or flagged unreadable with a sentence, and the kitchen's lines stay sane.

const anyJson = fc.jsonValue({ maxDepth: 4 });
/** Order-shaped details with arbitrary values where the fields are. */
const orderLike = fc.record(
  {
    id: fc.oneof(fc.uuid(), fc.string()),
    displayId: fc.oneof(fc.string(), fc.integer()),
    type: fc.oneof(fc.constantFrom("DELIVERY", "TAKEOUT", "INDOOR"), fc.string()),
    createdAt: fc.oneof(
      fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
      fc.string(),
    ),
    items: fc.array(
      fc.record({
        name: fc.oneof(fc.string(), fc.integer()),
        quantity: fc.oneof(fc.double(), fc.integer(), fc.string()),
        options: anyJson,
      }),
      { maxLength: 5 },
    ),
    total: fc.record({ orderAmount: fc.record({ value: fc.oneof(fc.double(), fc.string()), currency: fc.string() }) }),
    customer: anyJson,
    payments: anyJson,
  },
  { requiredKeys: [] },
);

describe("reading order details from an arbitrary platform", () => {
  it("never throws: the details are understood, or refused with a sentence", () => {
    fc.assert(
      fc.property(fc.oneof(anyJson, orderLike), (details) => {
        const parsed = parseOrderDetails(details);
        if (!parsed.ok) expect(parsed.error.length).toBeGreaterThan(0);
        const review = toOrderReview(details);
        if (review) expect(Array.isArray(review.items)).toBe(true);
      }),
      { numRuns: 500, seed: 17 },
    );
  });

  it("gives kitchen lines with a name and a positive, finite quantity", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            anyJson,
            orderLike.map((order) => order.items ?? []),
          ),
          { maxLength: 6 },
        ),
        (items) => {
          for (const line of kitchenLines(items.flat())) {
            expect(line.name.length).toBeGreaterThan(0);
            expect(Number.isFinite(line.quantity) && line.quantity > 0).toBe(true);
            for (const option of line.options)
              expect(Number.isFinite(option.quantity) && option.quantity > 0).toBe(true);
          }
        },
      ),
      { numRuns: 500, seed: 19 },
    );
  });
});
