import { z } from "zod";

// Bodies of the standard's order actions. Unknown extra fields are tolerated (the standard keeps
// growing); the fields it defines are checked, so a 400 names the field a client got wrong.

const datetime = z.iso.datetime({ offset: true });

export const confirmSchema = z
  .object({
    createdAt: datetime.nullish(),
    orderExternalCode: z.string().nullish(),
    reason: z.string().nullish(),
    preparationTime: z.number().int().min(0).nullish(),
  })
  .nullish();

const deliveryTrackingInfo = z.looseObject({
  event: z
    .looseObject({
      type: z.enum([
        "PICKUP_ONGOING",
        "ARRIVED_AT_MERCHANT",
        "ORDER_PICKED",
        "DELIVERY_ONGOING",
        "ARRIVED_AT_CUSTOMER",
        "ORDER_DELIVERED",
        "CANCELLED",
      ]),
      datetime,
      message: z.string().optional(),
    })
    .optional(),
  problem: z
    .looseObject({
      reason: z.enum([
        "DELIVERYPERSON_OCCURRENCE",
        "PAYMENT_PROBLEMS",
        "WRONG_PRODUCT_OR_ITEM",
        "ORDER_DELAYED",
        "ORDER_DAMAGED_OR_VIOLATED",
        "CUSTOMER_DID_NOT_PLACE_ORDER",
        "CUSTOMER_ADDRESS_UNKNOWN",
        "ORDER_MISSING_ITEMS",
        "NOBODY_TO_RECEIVE",
        "DELIVERYPERSON_WAITING_PAYMENT_FOR_ALREADY_PAID_ORDER",
        "ORDER_DELIVERED_WITHOUT_PAYMENT",
        "FRAUD_OR_THEFT",
      ]),
      datetime,
      message: z.string().optional(),
    })
    .optional(),
  vehicle: z
    .looseObject({
      type: z.array(z.enum(["MOTORBIKE_BAG", "MOTORBIKE_BOX", "CAR", "BICYCLE", "SCOOTER", "VUC"])).max(10),
      licencePlate: z.string().optional(),
    })
    .optional(),
  eta: z
    .looseObject({
      deliveryEtaInMinutes: z.number().int().optional(),
      deliveryEtaDatetime: datetime.optional(),
      maxDeliveryTime: datetime.optional(),
    })
    .optional(),
  deliveryPerson: z
    .looseObject({ id: z.string().optional(), name: z.string().optional(), pictureURL: z.url().optional() })
    .optional(),
  externalTrackingURL: z.url().optional(),
});

/** dispatch: the body is optional, and so is deliveryTrackingInfo in it. */
export const dispatchSchema = z.looseObject({ deliveryTrackingInfo: deliveryTrackingInfo.optional() }).nullish();

/** tracking: deliveryTrackingInfo is required. */
export const trackingSchema = z.looseObject({ deliveryTrackingInfo });

export const CANCELLATION_CODES = [
  "SYSTEMIC_ISSUES",
  "DUPLICATE_APPLICATION",
  "UNAVAILABLE_ITEM",
  "RESTAURANT_WITHOUT_DELIVERY_PERSON",
  "OUTDATED_MENU",
  "ORDER_OUTSIDE_THE_DELIVERY_AREA",
  "BLOCKED_CUSTOMER",
  "OUTSIDE_DELIVERY_HOURS",
  "INTERNAL_DIFFICULTIES_OF_THE_RESTAURANT",
  "RISK_AREA",
  "DELIVERY_PROBLEM",
] as const;

const itemIds = z.array(z.string().min(1)).max(100).nullish();

export const requestCancellationSchema = z.object({
  reason: z.string({ error: "is required" }).min(1, { error: "is required" }),
  code: z.enum(CANCELLATION_CODES),
  mode: z.enum(["AUTO", "MANUAL"]),
  outOfStockItems: itemIds,
  invalidItems: itemIds,
});

export const denyCancellationSchema = z.object({
  reason: z.string({ error: "is required" }).min(1, { error: "is required" }),
  code: z.enum(["DISH_ALREADY_DONE", "OUT_FOR_DELIVERY"]),
});
