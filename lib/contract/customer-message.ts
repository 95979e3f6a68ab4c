import { z } from "zod";
import { storableText } from "./storable-text";

/** The three messages to an own order's customer (lib/own-orders/customer-message.ts writes them). */
export const CUSTOMER_MESSAGES = ["confirmation", "ready", "outForDelivery"] as const;
export type CustomerMessageKind = (typeof CUSTOMER_MESSAGES)[number];

/**
 * POST /api/orders/{orderId}/customer-messages (issue 30 point 3): the kitchen opened WhatsApp
 * with this message for the order's customer (a wa.me link); the order's audit records who sent
 * which message and when. The text is the one the link carried, as the person saw it. 204.
 */
export const customerMessageRequestSchema = z.strictObject({
  kind: z.enum(CUSTOMER_MESSAGES),
  text: z.string().transform(storableText).pipe(z.string().trim().min(1).max(2000)),
});
export type CustomerMessageRequest = z.infer<typeof customerMessageRequestSchema>;
