import { z } from "zod";

/**
 * Zod schemas of what the platform sends, parsed at the boundary. Enums are open on purpose:
 * the standard keeps adding event types and order types, and an unknown value must be kept and
 * shown, never rejected.
 */

export const platformEventSchema = z
  .object({
    eventId: z.string().min(1),
    eventType: z.string().min(1),
    orderId: z.string().min(1),
    orderURL: z.string().optional(),
    createdAt: z.iso.datetime({ offset: true }),
    sourceAppId: z.string().optional(),
    virtualBrand: z.string().nullish(),
    metadata: z.record(z.string(), z.unknown()).nullish(),
  })
  .loose();
export type PlatformEvent = z.infer<typeof platformEventSchema>;

/**
 * The poll answer is parsed item by item (see InterchangeClient.pollEvents): one malformed event
 * must not hold back the good ones, and a platform that sends more than the standard's 1000 is
 * still served.
 */
export const pollResponseSchema = z.array(z.unknown());

const priceSchema = z.object({ value: z.number(), currency: z.string() });

const orderItemSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    unit: z.string(),
    quantity: z.number().nonnegative(),
  })
  .loose();

/**
 * The order fields Comanda relies on. The whole payload is stored raw; this schema decides
 * whether it is readable enough to show and act on.
 */
export const platformOrderSchema = z
  .object({
    id: z.string().min(1),
    type: z.string().min(1),
    displayId: z.string().min(1),
    createdAt: z.iso.datetime({ offset: true }),
    orderTiming: z.string().optional(),
    preparationStartDateTime: z.iso.datetime({ offset: true }).optional(),
    merchant: z.object({ id: z.string(), name: z.string() }).loose(),
    items: z.array(orderItemSchema),
    total: z.object({ orderAmount: priceSchema }).loose(),
    customer: z.object({ name: z.string().optional() }).loose().nullish(),
    schedule: z
      .object({ scheduledDateTimeStart: z.iso.datetime({ offset: true }) })
      .loose()
      .optional(),
  })
  .loose();
export type PlatformOrder = z.infer<typeof platformOrderSchema>;

export interface AcknowledgmentItem {
  id: string;
  orderId: string;
  eventType: string;
}
