import { z } from "zod";
import { OWN_ORDER_TYPES, OWN_PAYMENT_METHODS, OWN_SOURCES, ownOrderLineSchema } from "./own-order";
import { textId } from "./text";

/**
 * What the order form reads (issue 30): the menu it sells, the server's price of the order as it
 * is typed, and the restaurant's customers. Money in integer cents, priced on the server only.
 */

export const storeQuerySchema = z.strictObject({ storeId: textId });
export const customerSearchQuerySchema = z.strictObject({ storeId: textId, q: z.string().max(80).default("") });

const cents = z.number().int();

const optionSchema = z.object({ id: z.number(), name: z.string(), priceCents: cents, soldOut: z.boolean() });
const propertySchema = z.object({
  id: z.number(),
  name: z.string(),
  minChoices: z.number(),
  maxChoices: z.number(),
  options: z.array(optionSchema),
});

/** GET /api/orders/own/form: the restaurant's imported menu as the form sells it. */
export const ownOrderMenuSchema = z.object({
  storeId: z.string(),
  /** False until the restaurant's menu is imported: nothing to sell yet. */
  imported: z.boolean(),
  pizzaPricing: z.enum(["highest", "average"]),
  /** The restaurant's own DDD, assumed for a number typed without one. */
  defaultDdd: z.string().nullable(),
  /** The restaurant's own city: a new delivery address's, until this device has sent one of its own. */
  defaultCity: z.string(),
  items: z.array(
    z.object({
      id: z.number(),
      /** The merchant's code (customCode), searched like the name. */
      code: z.string(),
      name: z.string(),
      category: z.string(),
      priceCents: cents,
      /** Shown, and refused when chosen (the same sold-out list as every channel). */
      soldOut: z.boolean(),
      properties: z.array(propertySchema),
    }),
  ),
  pizzaSizes: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      maxFlavors: z.number(),
      soldOut: z.boolean(),
      flavors: z.array(optionSchema),
      properties: z.array(propertySchema),
    }),
  ),
  /** The delivery areas' and locations' names: what a typed district is matched with. */
  areas: z.array(z.object({ name: z.string(), feeCents: cents })),
});
export type OwnOrderMenu = z.infer<typeof ownOrderMenuSchema>;

/** POST /api/orders/own/quote: the order as it is typed, priced by the same code as taking it. */
export const ownOrderQuoteSchema = z.object({
  lines: z.array(z.object({ name: z.string(), quantity: z.number(), totalCents: cents, options: z.array(z.string()) })),
  itemsCents: cents,
  deliveryFeeCents: cents,
  totalCents: cents,
  changeCents: cents.nullable(),
  /** The delivery zone the address falls in; null without an address (or not a delivery). */
  zone: z.string().nullable(),
});
export type OwnOrderQuote = z.infer<typeof ownOrderQuoteSchema>;

const addressSchema = z.object({
  street: z.string(),
  number: z.string(),
  complement: z.string().optional(),
  district: z.string(),
  city: z.string(),
  state: z.string(),
  postalCode: z.string(),
  reference: z.string().optional(),
});

const customerSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** "(11) 98765-4321". */
  phone: z.string(),
  addresses: z.array(addressSchema),
  notes: z.string().nullable(),
});

/** GET /api/customers?storeId&q: the restaurant's customers by phone (any form) or name. */
export const customerListSchema = z.object({ customers: z.array(customerSchema) });
export type CustomerFound = z.infer<typeof customerSchema>;

/** GET /api/customers/[customerId]: one customer, with their last own order to repeat. */
export const customerDetailSchema = customerSchema.extend({
  lastOrder: z
    .object({
      lines: z.array(ownOrderLineSchema),
      source: z.enum(OWN_SOURCES),
      type: z.enum(OWN_ORDER_TYPES),
      payment: z.enum(OWN_PAYMENT_METHODS).nullable(),
      createdAt: z.string(),
    })
    .nullable(),
});
export type CustomerDetail = z.infer<typeof customerDetailSchema>;
