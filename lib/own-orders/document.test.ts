import { describe, expect, it } from "vitest";
import { officialSchemasFound } from "@/e2e/support/open-delivery-spec";
import { describeErrors, officialSchema } from "@/e2e/support/sandbox/harness";
import { ownOrderInputSchema } from "@/lib/contract/own-order";
import { toOrderReview } from "@/lib/orders/order-review";
import { plausibilityFlags } from "@/lib/orders/plausibility";
import { parseOrderDetails } from "@/lib/platform/interchange/order-summary";
import { ownOrderDocument } from "./document";
import { NO_SOLD_OUT, TEST_MENU } from "./test-menu";
import { orderTotals, priceLines } from "./totals";

// An own order's document is an Open Delivery order: the official schema accepts it, and the
// readers of platform orders (summary, review, plausibility) read it as they read theirs.

const at = new Date("2026-11-27T15:00:00.000Z");
const facts = {
  orderId: "own:0b6f8f4e-1111-4222-8333-944455556666",
  displayId: "T-7",
  channelId: "own:phone:r1",
  channelLabel: "Telefone",
  restaurantName: "Pizzaria Própria",
  createdAt: at,
  preparationStartAt: at,
  estimatedReadyAt: new Date(at.getTime() + 40 * 60_000),
  customer: { id: "5d8e1f0a-2b3c-4d5e-8f90-a1b2c3d4e5f6", name: "Ana Souza", phoneKey: "5519987654321" },
};

function documentOf(over: Record<string, unknown>) {
  const input = ownOrderInputSchema.parse({
    storeId: "r1",
    source: "phone",
    type: "delivery",
    customer: { phone: "19987654321", name: "Ana Souza" },
    address: {
      street: "Rua das Flores",
      number: "12",
      district: "Centro",
      city: "Campinas",
      state: "SP",
      postalCode: "13010-100",
    },
    items: [
      {
        kind: "pizza",
        sizeId: 30,
        flavorIds: [100, 102],
        quantity: 1,
        options: [{ optionId: 51 }],
        note: "sem cebola",
      },
      { kind: "item", itemId: 11, quantity: 2 },
      { kind: "item", itemId: 10, quantity: 1, options: [{ optionId: 21, quantity: 2 }] },
    ],
    payment: { method: "CASH", changeForCents: 20_000 },
    note: "Portão azul",
    ...over,
  });
  const { lines, itemsCents } = priceLines(input.items, TEST_MENU, NO_SOLD_OUT, "highest");
  const totals = orderTotals(itemsCents, 850, input.payment);
  return { document: ownOrderDocument(input, lines, totals, facts), totals };
}

describe("own order document", () => {
  it.each([
    ["delivery", {}],
    ["takeout, PIX", { type: "takeout", address: undefined, payment: { method: "PIX" } }],
    ["table", { source: "table", type: "table", table: "12", customer: undefined, address: undefined }],
    [
      "counter, scheduled",
      { source: "counter", type: "counter", address: undefined, scheduledFor: "2026-11-27T19:00:00Z" },
    ],
  ])("follows the official order schema: %s", (_name, over) => {
    const { document } = documentOf(over);
    const validate = officialSchema("order-details", "response");
    const valid = validate(document);
    expect(valid, officialSchemasFound ? describeErrors(validate) : "").toBe(true);
    expect(parseOrderDetails(document).ok).toBe(true);
  });

  it("is read like a platform's order: summary, review and plausibility", () => {
    const { document, totals } = documentOf({});
    const parsed = parseOrderDetails(document);
    if (!parsed.ok) throw new Error(parsed.error);
    expect(parsed.summary).toMatchObject({
      displayId: "T-7",
      type: "DELIVERY",
      customerName: "Ana Souza",
      total: { value: totals.totalCents / 100, currency: "BRL" },
      notes: "Portão azul",
    });
    expect(parsed.summary.lines?.[0]).toMatchObject({ name: "Pizza Grande", code: "pizzaSize:30" });
    expect(plausibilityFlags({ summary: parsed.summary, receivedAt: at })).toEqual([]);
    const review = toOrderReview(document);
    expect(review?.customer).toEqual({ name: "Ana Souza", phone: "(19) 98765-4321" });
    expect(review?.payments[0]).toMatchObject({ method: "CASH", changeFor: { value: 200, currency: "BRL" } });
  });
});
