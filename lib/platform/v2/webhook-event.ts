import { z } from "zod";
import { orderEventV2Schema, type OrderEventV2 } from "./order-schema";

// The body of rc.2's `orderEvent` webhook (orders.openapi.yaml, webhooks.orderEvent): one
// OrderEvent. 1.x's Event has the same fields, so a 1.x body is told apart by what only 1.x has:
// an event type 2.0 removed, or an orderURL under `/v1/orders/`. Anything else valid is taken as
// 2.0 (the order read next, GET /v2/orders/{id}, refuses a 1.x order in a sentence of its own).

/** 1.x's event types (open-delivery-openapi-1.7.0.yaml) that 2.0 removed. */
export const V1_ONLY_EVENT_TYPES = [
  "PICKUP_AREA_ASSIGNED",
  "PICKED_UP",
  "ORDER_CANCELLATION_REQUEST",
  "CANCELLED_DENIED",
] as const;

export type WebhookEventRead =
  | { ok: true; event: OrderEventV2 }
  /** `dialect: "1.x"`: a valid 1.x event (the wrong dialect); null: not an event at all. */
  | { ok: false; dialect: "1.x" | null; error: string };

/** Reads a pushed body (already JSON) as a 2.0 OrderEvent; never throws. */
export function readWebhookEventV2(body: unknown): WebhookEventRead {
  const parsed = orderEventV2Schema.safeParse(body);
  if (!parsed.success)
    return { ok: false, dialect: null, error: `Not an Open Delivery 2.0 OrderEvent: ${z.prettifyError(parsed.error)}` };
  const event = parsed.data;
  const sign = v1Sign(event);
  if (sign)
    return {
      ok: false,
      dialect: "1.x",
      error: `An Open Delivery 1.x event (${sign}) was pushed to the 2.0 webhook; 2.0 events only here.`,
    };
  return { ok: true, event };
}

function v1Sign(event: OrderEventV2): string | undefined {
  if ((V1_ONLY_EVENT_TYPES as readonly string[]).includes(event.eventType))
    return `eventType ${event.eventType}, removed in 2.0`;
  if (event.orderURL && pathOf(event.orderURL).includes("/v1/orders/")) return "orderURL under /v1/orders/";
  return undefined;
}

function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}
