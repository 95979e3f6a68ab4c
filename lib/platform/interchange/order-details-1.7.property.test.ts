import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { openApiResponseErrorsIn, openApiVersionFound } from "@/e2e/support/openapi-schemas";
import { moneyBreakdown } from "@/lib/history/money-breakdown";
import { toOrderReview } from "@/lib/orders/order-review";
import { parseOrderDetails } from "./order-summary";

// Open Delivery 1.7's additions reach Comanda's reading of an order: every valid 1.7 order that
// carries a MIN_ORDER_FEE (and, on a takeout, the customer's billing address for the NFC-e) is
// accepted, keeps the fee in its totals, shows it with its type, and the export's money columns
// still add up. The generated bodies are checked against 1.7.0's own document first (when
// ../shared is there), so the property is about valid bodies and not about the generator's.

const cents = fc.integer({ min: 0, max: 500_000 });
const money = (value: number) => ({ value: value / 100, currency: "BRL" });
const iso = fc
  .date({ min: new Date("2026-01-01"), max: new Date("2027-01-01"), noInvalidDate: true })
  .map((d) => d.toISOString());
const text = fc.string({ minLength: 1, maxLength: 30 }).filter((s) => s.trim() !== "");

const billingAddress = fc.record(
  {
    street: text,
    number: fc.integer({ min: 1, max: 9999 }).map(String),
    complement: text,
    neighborhood: text,
    city: text,
    state: fc.constantFrom("SP", "RJ", "MG"),
    country: fc.constant("BR"),
    postalCode: fc.stringMatching(/^\d{8}$/),
  },
  { requiredKeys: ["street", "number", "city", "postalCode"] },
);

const order17 = fc
  .record({
    id: fc.uuid(),
    type: fc.constantFrom("DELIVERY", "TAKEOUT", "INDOOR"),
    displayId: fc.integer({ min: 1, max: 9999 }).map(String),
    createdAt: iso,
    items: fc.array(fc.record({ name: text, quantity: fc.integer({ min: 1, max: 5 }), unitCents: cents }), {
      minLength: 1,
      maxLength: 4,
    }),
    minimumCents: fc.integer({ min: 1, max: 5_000 }),
    otherFees: fc.array(
      fc.record({ type: fc.constantFrom("DELIVERY_FEE", "SERVICE_FEE", "TIP", "MIN_ORDER_FEE"), cents }),
      { maxLength: 3 },
    ),
    discountCents: cents,
    billing: fc.option(billingAddress, { nil: undefined }),
  })
  .map((o) => {
    const items = o.items.map((item, index) => ({
      index,
      id: `00000000-0000-4000-8000-${String(index).padStart(12, "0")}`,
      name: item.name,
      externalCode: `X${index}`,
      unit: "UN",
      quantity: item.quantity,
      unitPrice: money(item.unitCents),
      totalPrice: money(item.unitCents * item.quantity),
      optionsPrice: money(0),
    }));
    const itemsCents = o.items.reduce((sum, item) => sum + item.unitCents * item.quantity, 0);
    // Always one minimum-order fee, in any place among the others.
    const fees = [...o.otherFees, { type: "MIN_ORDER_FEE", cents: o.minimumCents }].map((fee) => ({
      name: fee.type === "MIN_ORDER_FEE" ? "Taxa de pedido mínimo" : "Taxa",
      type: fee.type,
      receivedBy: "MERCHANT",
      price: money(fee.cents),
    }));
    const feesCents = [...o.otherFees.map((f) => f.cents), o.minimumCents].reduce((a, b) => a + b, 0);
    const discountCents = Math.min(o.discountCents, itemsCents + feesCents);
    const amountCents = itemsCents + feesCents - discountCents;
    const minimumOfFees = fees
      .filter((fee) => fee.type === "MIN_ORDER_FEE")
      .reduce((sum, fee) => sum + Math.round(fee.price.value * 100), 0);
    const body: Record<string, unknown> = {
      id: o.id,
      type: o.type,
      displayId: o.displayId,
      createdAt: o.createdAt,
      orderTiming: "INSTANT",
      preparationStartDateTime: o.createdAt,
      merchant: { id: "11111111-1111-4111-8111-111111111111", name: "Loja" },
      items,
      otherFees: fees,
      discounts: [],
      total: {
        itemsPrice: money(itemsCents),
        otherFees: money(feesCents),
        discount: money(discountCents),
        orderAmount: money(amountCents),
      },
      payments: {
        prepaid: amountCents / 100,
        pending: 0,
        methods: [{ value: amountCents / 100, currency: "BRL", type: "PREPAID", method: "PIX" }],
      },
      customer: {
        id: "22222222-2222-4222-8222-222222222222",
        name: "Cliente",
        phone: { number: "11999990000" },
        ordersCountOnMerchant: 1,
      },
    };
    if (o.type === "DELIVERY")
      body.delivery = {
        deliveredBy: "MERCHANT",
        estimatedDeliveryDateTime: o.createdAt,
        deliveryAddress: {
          country: "BR",
          state: "SP",
          city: "São Paulo",
          district: "Centro",
          street: "Rua A",
          number: "1",
          formattedAddress: "Rua A, 1",
          postalCode: "01000000",
          coordinates: { latitude: -23.5, longitude: -46.6 },
        },
      };
    if (o.type === "TAKEOUT") {
      body.takeout = { mode: "DEFAULT", takeoutDateTime: o.createdAt };
      if (o.billing) body.billingAddress = o.billing;
    }
    if (o.type === "INDOOR") body.indoor = { mode: "PLACE", indoorDateTime: o.createdAt, place: "Mesa 3" };
    return { body, itemsCents, feesCents, discountCents, amountCents, minimumOfFees };
  });

const toCents = (value: number | null | undefined) => Math.round((value ?? Number.NaN) * 100);

describe("reading Open Delivery 1.7 orders with a minimum-order fee and a billing address", () => {
  it.skipIf(!openApiVersionFound("1.7.0"))("the generated orders are valid against 1.7.0's document", () => {
    fc.assert(
      fc.property(order17, ({ body }) => {
        expect(openApiResponseErrorsIn("1.7.0", "/v1/orders/{orderId}", "GET", 200, body)).toEqual([]);
      }),
      { numRuns: 150, seed: 1701 },
    );
  });

  it("accepts every one, keeps the fee in its totals and review, and the money adds up", () => {
    fc.assert(
      fc.property(order17, ({ body, itemsCents, feesCents, discountCents, amountCents, minimumOfFees }) => {
        const parsed = parseOrderDetails(body);
        expect(parsed.ok, parsed.ok ? "" : parsed.error).toBe(true);
        if (!parsed.ok) return;
        expect(toCents(parsed.summary.totals?.otherFees)).toBe(feesCents);

        const review = toOrderReview(body)!;
        const minimum = review.fees.filter((fee) => fee.type === "MIN_ORDER_FEE");
        expect(minimum.reduce((sum, fee) => sum + toCents(fee.amount?.value), 0)).toBe(minimumOfFees);
        expect(review.fees).toHaveLength((body.otherFees as unknown[]).length);
        expect(toCents(review.total?.value)).toBe(amountCents);

        const billing = body.billingAddress as { street: string; postalCode: string } | undefined;
        if (billing) {
          expect(review.billingAddress).toContain(billing.street.trim());
          expect(review.billingAddress).toContain(`${billing.postalCode.slice(0, 5)}-${billing.postalCode.slice(5)}`);
        } else {
          expect(review.billingAddress).toBeNull();
        }

        const breakdown = moneyBreakdown(body);
        expect(toCents(breakdown.itemsPrice)).toBe(itemsCents);
        expect(toCents(breakdown.minOrderFee)).toBe(minimumOfFees);
        expect(toCents(breakdown.itemsPrice) + toCents(breakdown.fees) - toCents(breakdown.discount)).toBe(amountCents);
        expect(discountCents).toBeLessThanOrEqual(itemsCents + feesCents);
      }),
      { numRuns: 300, seed: 1702 },
    );
  });
});
