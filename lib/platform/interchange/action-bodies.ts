import type { ActionRequest } from "@/lib/contract/action-request";

/** What to send the platform for one of our action requests: its path segment and body. */
export interface PlatformCall {
  /** The standard's operation, e.g. `readyForPickup` in POST /v1/orders/{id}/readyForPickup. */
  operation: ActionRequest["action"];
  body: unknown;
}

export interface OrderContext {
  /** The code the kitchen knows the order by; the standard's orderExternalCode. */
  externalCode: string;
  now: Date;
}

/** Maps a request to the standard's body (the bodies the official request schemas describe). */
export function platformCallFor(request: ActionRequest, order: OrderContext): PlatformCall {
  switch (request.action) {
    case "confirm":
      // The standard requires createdAt and orderExternalCode whenever a body is sent.
      return {
        operation: "confirm",
        body: {
          createdAt: order.now.toISOString(),
          orderExternalCode: order.externalCode,
          ...(request.preparationTime === undefined ? {} : { preparationTime: request.preparationTime }),
        },
      };
    case "dispatch":
      return { operation: "dispatch", body: dispatchBody(request, order.now) };
    case "requestCancellation":
      return {
        operation: "requestCancellation",
        body: {
          reason: request.reason,
          code: request.code,
          mode: "MANUAL",
          ...(request.outOfStockItems?.length ? { outOfStockItems: request.outOfStockItems } : {}),
        },
      };
    case "denyCancellation":
      return { operation: "denyCancellation", body: { reason: request.reason, code: request.code } };
    // Listed rather than defaulted: an action added to the contract must be given its body here.
    case "preparing":
    case "readyForPickup":
    case "delivered":
    case "pickedUp":
    case "acceptCancellation":
      return { operation: request.action, body: undefined };
  }
}

function dispatchBody(request: Extract<ActionRequest, { action: "dispatch" }>, now: Date) {
  const info = {
    event: { type: "DELIVERY_ONGOING", datetime: now.toISOString() },
    ...(request.vehicleType ? { vehicle: { type: [request.vehicleType] } } : {}),
    ...(request.etaMinutes
      ? {
          eta: {
            deliveryEtaInMinutes: request.etaMinutes,
            deliveryEtaDatetime: new Date(now.getTime() + request.etaMinutes * 60_000).toISOString(),
          },
        }
      : {}),
    ...(request.deliveryPerson ? { deliveryPerson: { name: request.deliveryPerson } } : {}),
  };
  return { deliveryTrackingInfo: info };
}
