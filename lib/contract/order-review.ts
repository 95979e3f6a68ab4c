import * as z from "zod/mini";
import { boardOrderSchema, lineOptionSchema, moneySchema } from "./board";

/**
 * An order for review — the details dialog, the print ticket, the manager's order page. Comanda's
 * own reshaping of the platform's order (lib/orders/order-review.ts), never the platform's JSON:
 * every field the pages show, already read defensively and with item lines worked out.
 */

export const reviewItemSchema = z.object({
  /** The platform's id of the item, when it sent one: what a cancel's outOfStockItems names. */
  id: z.optional(z.string()),
  name: z.string(),
  quantity: z.number(),
  /** KG, L, … — null for units (UN), which need no word. */
  unit: z.nullable(z.string()),
  instructions: z.nullable(z.string()),
  /** Each option's quantity is already multiplied by its item's: 2× combo with 1× fries → fries ×2. */
  options: z.array(lineOptionSchema),
});
export type ReviewItem = z.infer<typeof reviewItemSchema>;

export const reviewPaymentSchema = z.object({
  /** PIX, CASH, CREDIT, … or a newer value from the platform, kept as is; null when absent. */
  method: z.nullable(z.string()),
  /** To collect on delivery or pickup (the standard's PENDING); otherwise prepaid. */
  pending: z.boolean(),
  amount: z.nullable(moneySchema),
  /** Cash: the note the customer pays with, so the driver brings change. */
  changeFor: z.nullable(moneySchema),
});
export type ReviewPayment = z.infer<typeof reviewPaymentSchema>;

export const orderReviewSchema = z.object({
  items: z.array(reviewItemSchema),
  customer: z.object({ name: z.nullable(z.string()), phone: z.nullable(z.string()) }),
  delivery: z.nullable(
    z.object({
      address: z.nullable(z.string()),
      reference: z.nullable(z.string()),
      /** The code the platform's courier gives to collect the bag (delivery.pickupCode). */
      pickupCode: z.optional(z.nullable(z.string())),
    }),
  ),
  takeout: z.nullable(z.object({ mode: z.nullable(z.string()), at: z.nullable(z.string()) })),
  indoor: z.nullable(
    z.object({ place: z.nullable(z.string()), table: z.nullable(z.string()), tab: z.nullable(z.string()) }),
  ),
  payments: z.array(reviewPaymentSchema),
  /**
   * Delivery fee, service fee, tip, 1.7's minimum-order fee, … by the platform's name for it and
   * its type as sent (DELIVERY_FEE, SERVICE_FEE, TIP, MIN_ORDER_FEE or a newer one; null when none).
   */
  fees: z.array(
    z.object({
      name: z.nullable(z.string()),
      type: z.optional(z.nullable(z.string())),
      amount: z.nullable(moneySchema),
    }),
  ),
  discounts: z.array(z.object({ target: z.nullable(z.string()), amount: z.nullable(moneySchema) })),
  total: z.nullable(moneySchema),
  /** The customer's note for the whole order (the standard's extraInfo). */
  notes: z.nullable(z.string()),
  /**
   * The customer's address for the NFC-e, on one line (the order's root `billingAddress`: 2.0 rc.2's
   * `fulfillment.billingAddress`, which 1.x platforms carry there); null when none was given.
   */
  billingAddress: z.optional(z.nullable(z.string())),
});
export type OrderReview = z.infer<typeof orderReviewSchema>;

/** One line of an order's history: a platform event, or a staff action with who did it. */
export const timelineEntrySchema = z.object({
  at: z.string(),
  kind: z.enum(["event", "action"]),
  /** The platform's event type (kept as sent, known or not) or our action's name. */
  name: z.string(),
  /** Actions: succeeded, rejected (the platform's 422) or failed. */
  outcome: z.optional(z.string()),
  actor: z.optional(z.nullable(z.string())),
  responseStatus: z.optional(z.nullable(z.number())),
  /** A successful action merged with the platform event it caused: when that event came. */
  platformAt: z.optional(z.string()),
  /** An own order's edit (issue 30): the parts it changed (lib/own-orders/editable.ts EDIT_PARTS). */
  changed: z.optional(z.array(z.string())),
});
export type TimelineEntry = z.infer<typeof timelineEntrySchema>;

/** GET /api/orders/{id}: the card, the order for review (null when unreadable) and its timeline. */
export const orderReviewAnswerSchema = z.object({
  order: boardOrderSchema,
  review: z.nullable(orderReviewSchema),
  /** Why the platform's details could not be read, when they could not. */
  detailsError: z.nullable(z.string()),
  timeline: z.array(timelineEntrySchema),
});
export type OrderReviewAnswer = z.infer<typeof orderReviewAnswerSchema>;
