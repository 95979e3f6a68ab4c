import { z } from "zod";

// Open Delivery 2.0 rc.2's Order and OrderEvent (orders.openapi.yaml, components.schemas), our own
// zod code. It accepts what the document accepts: keys the document does not name are kept
// (no `additionalProperties: false` there except on OrderFulfillment, whose profile rule is
// enforced below), and it refuses what the document refuses in the fields Comanda reads.

/** OrderStatus: the authoritative status on GET /orders/{orderId}. */
export const ORDER_STATUSES = [
  "CREATED",
  "CONFIRMED",
  "PREPARING",
  "READY",
  "IN_DELIVERY",
  "DELIVERED",
  "CANCELLED",
  "CONCLUDED",
] as const;
export type OrderStatusV2 = (typeof ORDER_STATUSES)[number];

/** OrderEventType (2.0): PICKED_UP and ORDER_CANCELLATION_REQUEST are gone. */
export const ORDER_EVENT_TYPES_V2 = [
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

const dateTime = z.iso.datetime({ offset: true });
const date = z.iso.date();

export const priceSchema = z.looseObject({
  value: z.number(),
  currency: z.string().regex(/^[A-Z]{3}$/),
});

const itemOptionPricing = z.looseObject({
  unitPrice: priceSchema,
  originalPrice: priceSchema.optional(),
  totalPrice: priceSchema,
});

export interface OrderItemOptionV2 {
  id: string;
  name: string;
  optionGroupId?: string;
  optionGroupName?: string;
  quantity: number;
  defaultQuantity?: number;
  pricing: z.infer<typeof itemOptionPricing>;
  options?: OrderItemOptionV2[];
  [key: string]: unknown;
}

/** OrderItemOption, nested to any depth (multi-level customisation). */
export const orderItemOptionSchema: z.ZodType<OrderItemOptionV2> = z.lazy(() =>
  z.looseObject({
    id: z.string(),
    name: z.string(),
    optionGroupId: z.string().optional(),
    optionGroupName: z.string().optional(),
    quantity: z.number().int().min(1),
    defaultQuantity: z.number().int().min(0).optional(),
    pricing: itemOptionPricing,
    options: z.array(orderItemOptionSchema).optional(),
  }),
);

export const orderItemSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  externalCode: z.string().optional(),
  itemOfferId: z.string().optional(),
  quantity: z.number().min(0),
  unit: z.enum(["UN", "KG", "L", "OZ", "LB", "GAL"]).optional(),
  pricing: z.looseObject({
    unitPrice: priceSchema,
    originalPrice: priceSchema.optional(),
    optionsPrice: priceSchema.optional(),
    totalPrice: priceSchema,
  }),
  options: z.array(orderItemOptionSchema).optional(),
  observations: z.string().optional(),
});
export type OrderItemV2 = z.infer<typeof orderItemSchema>;

const coordinates = z.looseObject({ latitude: z.number().optional(), longitude: z.number().optional() });

const deliveryContext = z.looseObject({
  address: z
    .looseObject({
      street: z.string().optional(),
      complement: z.string().optional(),
      neighborhood: z.string().optional(),
      city: z.string().optional(),
      state: z.string().optional(),
      postalCode: z.string().optional(),
      coordinates: coordinates.optional(),
    })
    .optional(),
  estimatedDeliveryDateTime: dateTime.optional(),
  observations: z.string().optional(),
});

const takeoutContext = z.looseObject({ pickupCode: z.string().optional(), observations: z.string().optional() });

const indoorContext = z.looseObject({
  operationMode: z.enum(["TABLE", "TAB", "COUNTER"]),
  identifier: z.string(),
  account: z.looseObject({ id: z.string() }).optional(),
  consumptionType: z.enum(["DINE_IN", "TAKEAWAY"]),
  originChannel: z.looseObject({ type: z.string(), id: z.string().optional(), notes: z.string().optional() }),
  service: z
    .looseObject({
      waiterCode: z.string().optional(),
      waiterName: z.string().optional(),
      peopleCount: z.number().int().min(0).optional(),
    })
    .optional(),
  fulfillment: z
    .looseObject({
      type: z.enum(["DISPATCH", "CALL"]),
      dispatch: z
        .looseObject({
          label: z.string().optional(),
          sector: z.string().optional(),
          seat: z.looseObject({ id: z.string().optional(), label: z.string().optional() }).optional(),
        })
        .optional(),
      call: z.looseObject({ type: z.string().optional(), label: z.string().optional() }).optional(),
    })
    .optional(),
});

const billingAddress = z.looseObject({
  street: z.string().optional(),
  number: z.string().optional(),
  complement: z.string().optional(),
  neighborhood: z.string().optional(),
  city: z.string().optional(),
  state: z.string().optional(),
  country: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .optional(),
  postalCode: z.string().optional(),
});

/**
 * OrderFulfillment: `orderType` picks exactly one context object (the document's oneOf, with
 * `additionalProperties: false`): DELIVERY → delivery, TAKEOUT → takeout, INDOOR → indoor.
 */
const fulfillmentSchema = z
  .strictObject({
    orderType: z.enum(["DELIVERY", "TAKEOUT", "INDOOR"]),
    billingAddress: billingAddress.optional(),
    delivery: deliveryContext.optional(),
    takeout: takeoutContext.optional(),
    indoor: indoorContext.optional(),
  })
  .superRefine((fulfillment, ctx) => {
    const wanted = fulfillment.orderType.toLowerCase() as "delivery" | "takeout" | "indoor";
    for (const key of ["delivery", "takeout", "indoor"] as const) {
      const present = fulfillment[key] !== undefined;
      if (key === wanted && !present)
        ctx.addIssue({ code: "custom", path: [key], message: `${fulfillment.orderType} needs fulfillment.${key}` });
      if (key !== wanted && present)
        ctx.addIssue({ code: "custom", path: [key], message: `${fulfillment.orderType} must not carry ${key}` });
    }
  });

const customerSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  documentNumber: z.string().optional(),
  phone: z.looseObject({ number: z.string(), extension: z.string().optional() }),
  email: z.string().optional(),
  ordersCountOnMerchant: z.number().int(),
  birthDate: date.optional(),
  gender: z.string().optional(),
});

const timingSchema = z.looseObject({
  orderTiming: z.enum(["INSTANT", "SCHEDULED", "ONDEMAND"]),
  schedule: z.looseObject({ scheduledDateTimeStart: dateTime, scheduledDateTimeEnd: dateTime }).optional(),
  preparationStartDateTime: dateTime.optional(),
  orderPriority: z.enum(["PRIORITY1", "PRIORITY2", "PRIORITY3", "PRIORITY4", "PRIORITY5"]).optional(),
});

const paymentMethod = z.looseObject({
  value: z.number(),
  currency: z.string().regex(/^[A-Z]{3}$/),
  type: z.enum(["PREPAID", "PENDING"]),
  method: z.string(),
  brand: z.string().optional(),
  methodInfo: z.string().optional(),
  changeFor: z.number().optional(),
});

export const orderV2Schema = z
  .looseObject({
    id: z.string().min(1),
    displayId: z.string().min(1),
    createdAt: dateTime,
    sourceAppId: z.string().optional(),
    merchant: z.looseObject({ id: z.string(), externalCode: z.string().optional(), name: z.string().optional() }),
    fulfillment: fulfillmentSchema,
    status: z.enum(ORDER_STATUSES),
    lastEvent: z.string().optional(),
    customer: customerSchema.optional(),
    timing: timingSchema,
    items: z.array(orderItemSchema).min(1),
    otherFees: z
      .array(
        z.looseObject({
          name: z.string(),
          type: z.enum(["DELIVERY_FEE", "SERVICE_FEE", "TIP", "MIN_ORDER_FEE"]),
          receivedBy: z.enum(["MARKETPLACE", "MERCHANT", "LOGISTIC_SERVICES"]).optional(),
          price: priceSchema,
        }),
      )
      .optional(),
    discounts: z
      .array(
        z.looseObject({
          amount: priceSchema,
          target: z.enum(["CART", "DELIVERY_FEE", "ITEM"]),
          targetId: z.string().optional(),
          sponsorshipValues: z.array(z.looseObject({ name: z.string(), amount: priceSchema })),
        }),
      )
      .optional(),
    total: z.looseObject({
      itemsPrice: priceSchema,
      otherFees: priceSchema,
      discount: priceSchema,
      orderAmount: priceSchema,
    }),
    payments: z.looseObject({ prepaid: z.number(), pending: z.number(), methods: z.array(paymentMethod) }),
    taxInvoice: z.looseObject({ issued: z.boolean().optional(), taxInvoiceURL: z.string().optional() }).optional(),
    context: z.looseObject({ salesChannel: z.string().optional() }).optional(),
    observations: z.string().optional(),
    extraInfo: z.string().optional(),
  })
  .superRefine((order, ctx) => {
    if (order.timing.orderTiming === "SCHEDULED" && !order.timing.schedule)
      ctx.addIssue({ code: "custom", path: ["timing", "schedule"], message: "SCHEDULED needs timing.schedule" });
    if (order.fulfillment.orderType === "DELIVERY" && !order.customer)
      ctx.addIssue({ code: "custom", path: ["customer"], message: "A DELIVERY order needs its customer" });
  });
export type OrderV2 = z.infer<typeof orderV2Schema>;

/** OrderEvent (2.0). The type is kept open, as 1.x's: a newer event is stored and acknowledged, not refused. */
export const orderEventV2Schema = z.looseObject({
  eventId: z.string().min(1),
  eventType: z.string().min(1),
  orderId: z.string().min(1),
  orderURL: z.string().optional(),
  createdAt: dateTime,
  sourceAppId: z.string().optional(),
  metadata: z.record(z.string(), z.unknown()).nullish(),
});
export type OrderEventV2 = z.infer<typeof orderEventV2Schema>;

/** What a body of the other dialect looks like: a 1.x order has its profile at the root, `type`. */
export function looksLikeV1Order(body: unknown): boolean {
  if (body === null || typeof body !== "object" || Array.isArray(body)) return false;
  const record = body as Record<string, unknown>;
  return typeof record.type === "string" && !("fulfillment" in record);
}

/** A 2.0 order has its profile under `fulfillment.orderType` and no root `type`. */
export function looksLikeV2Order(body: unknown): boolean {
  if (body === null || typeof body !== "object" || Array.isArray(body)) return false;
  const record = body as Record<string, unknown>;
  const fulfillment = record.fulfillment;
  return (
    !("type" in record) &&
    fulfillment !== null &&
    typeof fulfillment === "object" &&
    typeof (fulfillment as Record<string, unknown>).orderType === "string"
  );
}
