import type { StoredEvent } from "./types";

// The one wire shape of an event, shared by polling, the control API and the webhook push.

/** An event as the standard's polling answers it. */
export function publicEvent(event: StoredEvent, orderURL: string) {
  return {
    eventId: event.eventId,
    eventType: event.eventType,
    orderId: event.orderId,
    orderURL,
    createdAt: event.createdAt,
    sourceAppId: event.sourceAppId,
    ...(event.virtualBrand ? { virtualBrand: event.virtualBrand } : {}),
    ...(event.metadata ? { metadata: event.metadata } : {}),
  };
}
