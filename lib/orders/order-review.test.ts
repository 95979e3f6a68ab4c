import { describe, expect, it } from "vitest";
import { orderReviewSchema } from "@/lib/contract/order-review";
import { toOrderReview } from "./order-review";

const details = {
  id: "o-1",
  type: "DELIVERY",
  displayId: "1001",
  items: [
    {
      name: "Pizza G",
      quantity: 2,
      unit: "UN",
      options: [{ name: "Borda", quantity: 1 }, "junk"],
      specialInstructions: " sem cebola ",
    },
  ],
  customer: { name: "Ana", phone: { number: "+55 11 99999-0000" } },
  delivery: { deliveryAddress: { formattedAddress: "Rua A, 1", reference: "portão azul" }, pickupCode: " 4821 " },
  payments: {
    methods: [
      { method: "CASH", type: "PENDING", value: 90, currency: "BRL", changeFor: 100 },
      { method: "PIX", type: "PREPAID", value: 10 },
    ],
  },
  otherFees: [{ name: "Taxa de entrega", type: "DELIVERY_FEE", price: { value: 8, currency: "BRL" } }],
  discounts: [{ target: "CART", amount: { value: 5 } }],
  total: { orderAmount: { value: 100, currency: "BRL" } },
  extraInfo: "Interfone quebrado",
  platformSecret: "never shown",
};

describe("toOrderReview", () => {
  it("reshapes the platform's order into the review payload, options multiplied", () => {
    const review = toOrderReview(details);
    expect(orderReviewSchema.parse(review)).toEqual(review);
    expect(review).toEqual({
      items: [
        {
          name: "Pizza G",
          quantity: 2,
          unit: null,
          instructions: "sem cebola",
          options: [{ name: "Borda", quantity: 2 }],
        },
      ],
      customer: { name: "Ana", phone: "+55 11 99999-0000" },
      delivery: { address: "Rua A, 1", reference: "portão azul", pickupCode: "4821" },
      takeout: null,
      indoor: null,
      payments: [
        {
          method: "CASH",
          pending: true,
          amount: { value: 90, currency: "BRL" },
          changeFor: { value: 100, currency: "BRL" },
        },
        { method: "PIX", pending: false, amount: { value: 10, currency: "BRL" }, changeFor: null },
      ],
      fees: [{ name: "Taxa de entrega", type: "DELIVERY_FEE", amount: { value: 8, currency: "BRL" } }],
      discounts: [{ target: "CART", amount: { value: 5, currency: "BRL" } }],
      total: { value: 100, currency: "BRL" },
      notes: "Interfone quebrado",
      billingAddress: null,
    });
  });

  it("reads malformed parts as absent instead of failing", () => {
    const review = toOrderReview({
      items: "nope",
      payments: { methods: [null, { value: "x" }] },
      total: 3,
      indoor: { place: "Mesa 4", tab: 7 },
    });
    expect(review).toMatchObject({
      items: [],
      payments: [{ method: null, pending: false, amount: null, changeFor: null }],
      total: null,
    });
    expect(review?.indoor).toEqual({ place: "Mesa 4", table: null, tab: null });
    expect(toOrderReview(null)).toBeNull();
    expect(toOrderReview("raw text")).toBeNull();
  });
});
