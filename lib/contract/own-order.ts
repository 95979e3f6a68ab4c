import { z } from "zod";
import { storableText } from "./storable-text";
import { textId } from "./text";

/**
 * What the order form sends to take an order on the restaurant's own channel (issue 30,
 * POST /api/orders/own). Money in integer cents; menu entries by the store API's ids (the
 * imported catalogue's). Prices are never sent: the server computes them (lib/own-orders/totals.ts).
 */

const typed = (max: number) => z.string().transform(storableText).pipe(z.string().trim().max(max));
const required = (max: number) => typed(max).pipe(z.string().min(1, "must not be empty"));
const menuId = z.number().int().min(0).max(2_147_483_647);
const quantity = z.number().int().min(1).max(500);

export const OWN_SOURCES = ["counter", "phone", "whatsapp", "table"] as const;
/** Entrega, retirada, balcão (eaten or taken at the counter), mesa. */
export const OWN_ORDER_TYPES = ["delivery", "takeout", "counter", "table"] as const;
export type OwnOrderType = (typeof OWN_ORDER_TYPES)[number];
export const OWN_PAYMENT_METHODS = ["CASH", "PIX", "CREDIT", "DEBIT"] as const;

const optionChoice = z.strictObject({ optionId: menuId, quantity: z.number().int().min(1).max(50).default(1) });

const itemLine = z.strictObject({
  kind: z.literal("item"),
  itemId: menuId,
  quantity,
  options: z.array(optionChoice).max(50).default([]),
  note: typed(200).optional(),
});

const pizzaLine = z.strictObject({
  kind: z.literal("pizza"),
  sizeId: menuId,
  /** One flavour, or two or more for half-and-half (at most the size's maximum). */
  flavorIds: z.array(menuId).min(1).max(8),
  quantity,
  options: z.array(optionChoice).max(50).default([]),
  note: typed(200).optional(),
});

export const ownOrderLineSchema = z.discriminatedUnion("kind", [itemLine, pizzaLine]);
export type OwnOrderLine = z.infer<typeof ownOrderLineSchema>;

export const deliveryAddressSchema = z.strictObject({
  street: required(200),
  number: required(20),
  complement: typed(100).optional(),
  district: typed(100).default(""),
  city: required(100),
  state: typed(2).default(""),
  postalCode: typed(9).default(""),
  reference: typed(200).optional(),
  coordinates: z
    .strictObject({ latitude: z.number().min(-90).max(90), longitude: z.number().min(-180).max(180) })
    .optional(),
});
export type DeliveryAddressInput = z.infer<typeof deliveryAddressSchema>;

export const ownOrderInputSchema = z.strictObject({
  storeId: textId,
  source: z.enum(OWN_SOURCES),
  type: z.enum(OWN_ORDER_TYPES),
  /** The table's name or number (type "table"). */
  table: typed(20).optional(),
  customer: z.strictObject({ phone: typed(40).optional(), name: typed(80).default("") }).optional(),
  address: deliveryAddressSchema.optional(),
  /** Refused with a sentence when empty (not by the schema): the form shows why. */
  items: z.array(ownOrderLineSchema).max(100),
  payment: z.strictObject({
    method: z.enum(OWN_PAYMENT_METHODS),
    /** Troco para: the cash the customer will hand over, in cents (CASH only). */
    changeForCents: z.number().int().min(0).max(100_000_000).optional(),
  }),
  scheduledFor: z.iso.datetime({ offset: true }).optional(),
  note: typed(500).optional(),
  /** The person taking it confirms it at once: it enters In preparation instead of New. */
  confirmNow: z.boolean().default(false),
  /**
   * One per order typed (the form makes it when the order starts): sending the same key again —
   * a retry after a lost answer — answers with the order it made instead of making a second.
   */
  idempotencyKey: z.uuid().optional(),
});
export type OwnOrderInput = z.infer<typeof ownOrderInputSchema>;

/**
 * An own order edited before it is in preparation (PUT /api/orders/[orderId]/edit): the same
 * order as taken, less what editing does not change — the restaurant, the channel (its number is
 * the channel's) and the idempotency key; a confirmation is a board action, not an edit. Sending
 * the order as it is changes nothing and records nothing (a retried save is harmless).
 */
export const ownOrderEditSchema = ownOrderInputSchema.omit({
  storeId: true,
  source: true,
  confirmNow: true,
  idempotencyKey: true,
});
export type OwnOrderEdit = z.infer<typeof ownOrderEditSchema>;

/** GET /api/orders/[orderId]/edit: the order as the form fills it, and its channel. */
export const ownOrderEditableSchema = z.object({
  source: z.enum(OWN_SOURCES),
  displayId: z.string(),
  order: ownOrderEditSchema,
});
export type OwnOrderEditable = z.infer<typeof ownOrderEditableSchema>;
