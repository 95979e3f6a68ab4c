import { expect } from "vitest";
import { describeErrors, officialSchema } from "./harness";
import type { Merchant, OdOrder } from "../../../lib/sandbox/types";
import type { StoreKit } from "./store-kit";

// Carts with their prices written out by hand from the seed menus, so the tests check the
// server's arithmetic rather than repeat it.

export const m = (value: number) => ({ value, currency: "BRL" });
const round = (value: number) => Math.round(value * 100) / 100;

/** Pizza Grande, ½ Calabresa (54.90) ½ Quatro Queijos (67.90): the dearest, 67.90, + Catupiry crust 12.00. */
export const halfHalfPizza = (total = 79.9) => ({
  pizzaSizeId: 1203,
  amount: 1,
  flavors: [{ pizzaFlavorId: 1301 }, { pizzaFlavorId: 1307 }],
  properties: [
    { propertyId: 1102, options: [{ optionId: 110201, amount: 1, price: m(0) }] },
    { propertyId: 1101, options: [{ optionId: 110101, amount: 1, price: m(12) }] },
  ],
  totalPrice: m(total),
});

export const coke2l = (amount = 1) => ({ itemId: 1502, amount, properties: [], totalPrice: m(14 * amount) });

/** Smash Burger 24.90, ao ponto, 2× bacon (4.00): 32.90. */
export const smashWithBacon = (total = 32.9) => ({
  itemId: 2201,
  amount: 1,
  properties: [
    { propertyId: 2102, options: [{ optionId: 210201, amount: 1, price: m(0) }] },
    { propertyId: 2101, options: [{ optionId: 210101, amount: 2, price: m(4) }] },
  ],
  totalPrice: m(total),
});

/** Açaí 500 ml 22.90 + morango 4.00 + Leite Ninho 3.00: 29.90. */
export const acai500 = () => ({
  itemId: 2502,
  amount: 1,
  properties: [
    {
      propertyId: 2105,
      options: [
        { optionId: 210504, amount: 1, price: m(4) },
        { optionId: 210502, amount: 1, price: m(3) },
      ],
    },
  ],
  totalPrice: m(29.9),
});

export function values(subtotal: number, more: { deliveryFee?: number; serviceFee?: number; discount?: number } = {}) {
  const { deliveryFee = 0, serviceFee = 0, discount = 0 } = more;
  return {
    subtotal: m(subtotal),
    deliveryFee: m(deliveryFee),
    serviceFee: m(serviceFee),
    discount: m(discount),
    total: m(round(subtotal + deliveryFee + serviceFee - discount)),
  };
}

const sp = { city: "São Paulo", state: "SP", reference_point: null };
export const harmonia = {
  street: "Rua Harmonia",
  number: "200",
  zipcode: "05435000",
  neighborhood: "Vila Madalena",
  complement: "Casa 2",
  ...sp,
  lat: -23.5541,
  lng: -46.6877,
};
export const paulista = {
  street: "Avenida Paulista",
  number: "1000",
  zipcode: "01310100",
  neighborhood: "Bela Vista",
  complement: "",
  ...sp,
  lat: -23.5614,
  lng: -46.6559,
};
export const pinheiros = {
  street: "Rua dos Pinheiros",
  number: "900",
  zipcode: "05422001",
  neighborhood: "Pinheiros",
  complement: "Apto 12",
  ...sp,
  lat: -23.5653,
  lng: -46.6818,
};
export const tatuape = {
  street: "Rua Tuiuti",
  number: "500",
  zipcode: "03081000",
  neighborhood: "Tatuapé",
  complement: "",
  ...sp,
  lat: -23.5405,
  lng: -46.5767,
};

export const guest = { name: "Lucas Ferreira", telephone: "11988887777", email: "lucas.ferreira@example.com.br" };

/** A take-out pizza + Coke paid with Pix by a guest: 93.90. Override what a test is about. */
export function orderBody(overrides: Record<string, unknown> = {}) {
  return {
    fulfillment: { type: "TAKEOUT" },
    payment: { type: "ONLINE", paymentFormId: 3 },
    items: [coke2l()],
    pizzaItems: [halfHalfPizza()],
    values: values(93.9),
    hasLoyaltyProgramReward: false,
    hasMemberGetMemberReward: false,
    customer: guest,
    ...overrides,
  };
}

export type CreatedOrder = {
  id: number;
  interchangeOrderId: string;
  status: string;
  values: Record<string, { value: number }>;
} & Record<string, unknown>;

export async function placeOrder(
  kit: StoreKit,
  token: string,
  body: unknown,
  merchant?: Merchant,
): Promise<CreatedOrder> {
  return kit.data<CreatedOrder>(
    await kit.store("POST", "/orders", { token, body, ...(merchant ? { merchant } : {}) }),
    201,
  );
}

/** The order as the merchant's software reads it, checked against the official schema. */
export async function interchangeOrder(kit: StoreKit, orderId: string, merchant = kit.pizzaria): Promise<OdOrder> {
  const response = await kit.call("GET", `/v1/orders/${orderId}`, { token: await kit.token(merchant) });
  expect(response.status).toBe(200);
  const order = (await response.json()) as OdOrder;
  const validate = officialSchema("order-details", "response");
  expect(validate(order), describeErrors(validate)).toBe(true);
  return order;
}
