import { publicEvent } from "../public-event";
import type { StoredEvent } from "../types";

// The one wire shape of a 2.0 event (orders.openapi.yaml, OrderEvent), for polling and the webhook.

/** 1.x's shape less `virtualBrand`, which 2.0's OrderEvent has no place for (the order keeps it). */
export function v2PublicEvent(event: StoredEvent, orderURL: string) {
  const shape: Partial<ReturnType<typeof publicEvent>> = publicEvent(event, orderURL);
  delete shape.virtualBrand;
  return shape as Omit<ReturnType<typeof publicEvent>, "virtualBrand">;
}

/** Where a 2.0 platform's orders are read: `{origin}{basePath}/v2/orders/{id}`. */
export const v2OrderUrl = (base: string, orderId: string) => `${base}/v2/orders/${orderId}`;
