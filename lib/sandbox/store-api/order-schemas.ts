import { z } from "zod";

// Inputs of order creation and cart check ("Store API order: creation input"). The document
// leaves the take-out, table and online-payment objects unshown; the shapes chosen here are
// in REFERENCE.md.

const id = z.number().int().positive();
export const moneySchema = z.object({ value: z.number().finite().min(0), currency: z.string().length(3).optional() });

const optionInput = z.object({ optionId: id, amount: z.number().int().min(1).max(20), price: moneySchema });
const propertyInput = z.object({ propertyId: id, options: z.array(optionInput).min(1) });

const lineBase = {
  amount: z.number().int().min(1).max(50),
  properties: z.array(propertyInput).default([]),
  totalPrice: moneySchema.optional(),
  observation: z.string().max(140).nullish(),
};

export const orderItemSchema = z.object({ itemId: id, ...lineBase });
export const pizzaItemSchema = z.object({
  pizzaSizeId: id,
  flavors: z.array(z.object({ pizzaFlavorId: id })).min(1),
  ...lineBase,
});

export type OrderItemInput = z.infer<typeof orderItemSchema>;
export type PizzaItemInput = z.infer<typeof pizzaItemSchema>;

export const addressInputSchema = z.object({
  street: z.string().trim().min(1),
  number: z.string().trim().min(1),
  zipcode: z.string().regex(/^\d{5}-?\d{3}$/, { error: "must be a CEP (8 digits)" }),
  neighborhood: z.string().trim().min(1),
  city: z.string().trim().min(1),
  state: z.string().trim().min(2).max(2),
  complement: z.string(),
  reference_point: z.string().nullish(),
  lat: z.number().min(-90).max(90).nullish(),
  lng: z.number().min(-180).max(180).nullish(),
});
export type AddressInput = z.infer<typeof addressInputSchema>;

export const deliveryFulfillment = z
  .object({ type: z.literal("DELIVERY"), addressId: id.nullish(), address: addressInputSchema.nullish() })
  .refine((f) => f.addressId != null || f.address != null, {
    error: "needs addressId or address",
    path: ["addressId"],
  });
const takeoutFulfillment = z.object({ type: z.literal("TAKEOUT") });
const tableFulfillment = z.object({ type: z.literal("TABLE"), tableCode: z.string().trim().min(1) });
export const fulfillmentSchema = z.discriminatedUnion("type", [
  deliveryFulfillment,
  takeoutFulfillment,
  tableFulfillment,
]);
export type Fulfillment = z.infer<typeof fulfillmentSchema>;

const paymentSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("OFFLINE"), paymentFormId: id, requiredChange: moneySchema.nullish() }),
  z.object({ type: z.literal("ONLINE"), paymentFormId: id, creditcardId: id.nullish() }),
]);
export type PaymentInput = z.infer<typeof paymentSchema>;

const valuesSchema = z.object({
  subtotal: moneySchema,
  discount: moneySchema,
  deliveryFee: moneySchema,
  serviceFee: moneySchema,
  total: moneySchema,
});

const datetime = z.iso.datetime({ offset: true });

export const orderCreateSchema = z
  .object({
    fulfillment: fulfillmentSchema,
    payment: paymentSchema,
    items: z.array(orderItemSchema.extend({ totalPrice: moneySchema })),
    pizzaItems: z.array(pizzaItemSchema.extend({ totalPrice: moneySchema })),
    values: valuesSchema,
    scheduling: datetime.nullish(),
    contactName: z.string().trim().min(1).nullish(),
    invoiceDocument: z
      .string()
      .regex(/^\d{11}$|^\d{14}$/, { error: "must be a CPF (11 digits) or CNPJ (14 digits)" })
      .nullish(),
    hasLoyaltyProgramReward: z.boolean(),
    hasMemberGetMemberReward: z.boolean(),
    voucherCode: z.string().trim().min(1).nullish(),
    customer: z
      .object({
        name: z.string().trim().min(1),
        telephone: z.string().regex(/^\d{10,13}$/, { error: "must be 10 to 13 digits" }),
        document: z.string().nullish(),
        email: z.email().nullish(),
        birthDate: z.iso.date().nullish(),
      })
      .nullish(),
    apiSource: z.string().max(60).nullish(),
  })
  .refine((o) => o.items.length + o.pizzaItems.length > 0, { error: "the cart is empty", path: ["items"] });
export type OrderCreateInput = z.infer<typeof orderCreateSchema>;

export const cartCheckSchema = z.object({
  orderType: z.enum(["DELIVERY", "TAKEOUT", "TABLE"]),
  items: z.array(orderItemSchema),
  pizzaItems: z.array(pizzaItemSchema),
  scheduling: datetime.nullish(),
});
