import { SandboxError } from "../errors";
import type { Platform } from "../platform";
import type { OrderRecord, StoredEvent } from "../types";
import { invalidTransition } from "./lifecycle";
import { v2StatusOf } from "./status";

// The platform courier's facts on a 2.0 platform (orders.openapi.yaml's DELIVERY matrix): the
// courier is assigned and heads to the store (PICKUP_ONGOING), arrives there
// (RIDER_ARRIVED_AT_STORE), collects the bag (ORDER_COLLECTED, which projects IN_DELIVERY — the
// "full-service logistics handoff"), heads to the customer (DELIVERY_ONGOING) and arrives
// (ARRIVED_AT_CUSTOMER). All but the collection are informational: the status stays. Only for
// DELIVERY orders the platform's courier carries (MUST NOT for the other profiles: 422).
// Driven by POST /control/orders/{id}/courier; the courier rides in the event's metadata as the
// orders document's DeliveryTrackingPerson and vehicle.

export const COURIER_FACTS = {
  ASSIGNED: "PICKUP_ONGOING",
  AT_STORE: "RIDER_ARRIVED_AT_STORE",
  COLLECTED: "ORDER_COLLECTED",
  ON_THE_WAY: "DELIVERY_ONGOING",
  AT_CUSTOMER: "ARRIVED_AT_CUSTOMER",
} as const;
export type CourierFact = keyof typeof COURIER_FACTS;

export const DEFAULT_COURIER = { id: "courier-1", name: "Rafael Entregas" };

export function courierFact(
  platform: Platform,
  record: OrderRecord,
  fact: CourierFact,
  courier: { id: string; name: string } = DEFAULT_COURIER,
): StoredEvent {
  const delivery = record.order.delivery;
  if (record.order.type !== "DELIVERY" || !delivery)
    throw new SandboxError(422, `Courier events are forbidden for ${record.order.type} orders`);
  if (delivery.deliveredBy !== "MARKETPLACE")
    throw new SandboxError(422, "The merchant's own courier carries this order: the platform has no courier facts");
  const status = v2StatusOf(record);
  if (["CREATED", "CANCELLED", "DELIVERED", "CONCLUDED"].includes(status))
    throw invalidTransition(`No courier works an order in ${status} status`);
  if (fact === "COLLECTED" && status === "IN_DELIVERY")
    throw invalidTransition("The courier already collected this order");
  return platform.emit(record, COURIER_FACTS[fact], {
    deliveryPerson: courier,
    vehicle: { type: ["MOTORBIKE_BOX"] },
  });
}
