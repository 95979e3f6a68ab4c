import type { StoredEvent } from "../types";

// The one wire shape of a 2.0 event (orders.openapi.yaml, OrderEvent), for polling and the webhook.

export function v2PublicEvent(event: StoredEvent, orderURL: string) {
  return {
    eventId: event.eventId,
    eventType: event.eventType,
    orderId: event.orderId,
    orderURL,
    createdAt: event.createdAt,
    sourceAppId: event.sourceAppId,
    ...(event.metadata ? { metadata: event.metadata } : {}),
  };
}

/** Where a 2.0 platform's orders are read: `{origin}{basePath}/v2/orders/{id}`. */
export const v2OrderUrl = (base: string, orderId: string) => `${base}/v2/orders/${orderId}`;
