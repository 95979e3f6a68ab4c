import { z } from "zod";
import { boardOrderSchema, lineOptionSchema, moneySchema } from "./board";

/**
 * An order for review — the details dialog, the print ticket, the manager's order page. Comanda's
 * own reshaping of the platform's order (lib/orders/order-review.ts), never the platform's JSON:
 * every field the pages show, already read defensively and with item lines worked out.
 */

export const reviewItemSchema = z.object({
  /** The platform's id of the item, when it sent one: what a cancel's outOfStockItems names. */
  id: z.string().optional(),
  name: z.string(),
  quantity: z.number(),
  /** KG, L, … — null for units (UN), which need no word. */
  unit: z.string().nullable(),
  instructions: z.string().nullable(),
  /** Each option's quantity is already multiplied by its item's: 2× combo with 1× fries → fries ×2. */
  options: z.array(lineOptionSchema),
});
export type ReviewItem = z.infer<typeof reviewItemSchema>;

export const reviewPaymentSchema = z.object({
  /** PIX, CASH, CREDIT, … or a newer value from the platform, kept as is; null when absent. */
  method: z.string().nullable(),
  /** To collect on delivery or pickup (the standard's PENDING); otherwise prepaid. */
  pending: z.boolean(),
  amount: moneySchema.nullable(),
  /** Cash: the note the customer pays with, so the driver brings change. */
  changeFor: moneySchema.nullable(),
});
export type ReviewPayment = z.infer<typeof reviewPaymentSchema>;

export const orderReviewSchema = z.object({
  items: z.array(reviewItemSchema),
  customer: z.object({ name: z.string().nullable(), phone: z.string().nullable() }),
  delivery: z.object({ address: z.string().nullable(), reference: z.string().nullable() }).nullable(),
  takeout: z.object({ mode: z.string().nullable(), at: z.string().nullable() }).nullable(),
  indoor: z
    .object({ place: z.string().nullable(), table: z.string().nullable(), tab: z.string().nullable() })
    .nullable(),
  payments: z.array(reviewPaymentSchema),
  /** Delivery fee, service fee, tip, … by the platform's name for it. */
  fees: z.array(z.object({ name: z.string().nullable(), amount: moneySchema.nullable() })),
  discounts: z.array(z.object({ target: z.string().nullable(), amount: moneySchema.nullable() })),
  total: moneySchema.nullable(),
  /** The customer's note for the whole order (the standard's extraInfo). */
  notes: z.string().nullable(),
});
export type OrderReview = z.infer<typeof orderReviewSchema>;

/** One line of an order's history: a platform event, or a staff action with who did it. */
export const timelineEntrySchema = z.object({
  at: z.string(),
  kind: z.enum(["event", "action"]),
  /** The platform's event type (kept as sent, known or not) or our action's name. */
  name: z.string(),
  /** Actions: succeeded, rejected (the platform's 422) or failed. */
  outcome: z.string().optional(),
  actor: z.string().nullable().optional(),
  responseStatus: z.number().nullable().optional(),
  /** A successful action merged with the platform event it caused: when that event came. */
  platformAt: z.string().optional(),
});
export type TimelineEntry = z.infer<typeof timelineEntrySchema>;

/** GET /api/orders/{id}: the card, the order for review (null when unreadable) and its timeline. */
export const orderReviewAnswerSchema = z.object({
  order: boardOrderSchema,
  review: orderReviewSchema.nullable(),
  /** Why the platform's details could not be read, when they could not. */
  detailsError: z.string().nullable(),
  timeline: z.array(timelineEntrySchema),
});
export type OrderReviewAnswer = z.infer<typeof orderReviewAnswerSchema>;
