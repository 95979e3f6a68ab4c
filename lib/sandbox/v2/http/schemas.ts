import { z } from "zod";
import { CANCELLATION_CODES } from "../../http/action-schemas";

// The 2.0 request bodies the sandbox reads (orders.openapi.yaml), as zod schemas written from the
// document; the tests check the bodies they send against the document itself.

export const V2_EVENT_TYPES = [
  "CREATED",
  "CONFIRMED",
  "PREPARATION_REQUESTED",
  "PREPARING",
  "READY_FOR_PICKUP",
  "PICKUP_ONGOING",
  "RIDER_ARRIVED_AT_STORE",
  "DISPATCHED",
  "ORDER_COLLECTED",
  "DELIVERY_ONGOING",
  "ARRIVED_AT_CUSTOMER",
  "DELIVERED",
  "CANCELLATION_REQUESTED",
  "CANCELLATION_REQUEST_ACCEPTED",
  "CANCELLATION_REQUEST_DENIED",
  "CANCELLED",
  "CONCLUDED",
] as const;

export const eventTypeFilterSchema = z.array(z.enum(V2_EVENT_TYPES)).max(20, { error: "at most 20 event types" });

export const acknowledgmentSchema = z.strictObject({
  eventIds: z.array(z.string().min(1)).min(1).max(1000),
});

export const confirmSchema = z
  .object({ estimatedPreparationTimeMinutes: z.number().int().min(0).optional() })
  .nullish();

export const readySchema = z.object({ pickupCode: z.string().min(1).max(50).optional() }).nullish();

export const requestCancellationSchema = z.object({
  reason: z.string().min(1).max(2_000),
  // 2.0 keeps 1.x's eleven codes.
  code: z.enum(CANCELLATION_CODES),
  mode: z.enum(["AUTO", "MANUAL"]),
  outOfStockItems: z.array(z.string()).max(100).optional(),
});

/** 2.0's OrderTracking is 1.x's: the same deliveryTrackingInfo, required. */
export { trackingSchema } from "../../http/action-schemas";
