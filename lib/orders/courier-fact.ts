import type { CourierFact } from "@/lib/contract/board-values";
import { isRecord, text } from "./read-defensively";

// Open Delivery 2.0's logistics facts (orders.openapi.yaml's DELIVERY matrix): where the
// platform's courier is. Informational: none of them moves the order (lifecycle.ts's
// columnByEventType leaves them out) — ORDER_COLLECTED does, as the status IN_DELIVERY, and is
// also where the courier is. The card shows the latest one, with the courier's name when the
// event's metadata carries it (the document's DeliveryTrackingPerson).

/** Each logistics event and what the card says of it. */
export const COURIER_FACT_BY_EVENT = {
  PICKUP_ONGOING: "assigned",
  RIDER_ARRIVED_AT_STORE: "atStore",
  ORDER_COLLECTED: "collected",
  DELIVERY_ONGOING: "onTheWay",
  ARRIVED_AT_CUSTOMER: "atCustomer",
} as const satisfies Record<string, CourierFact>;

/** The event types that carry a courier fact (what the board's projection reads the courier of). */
export const COURIER_EVENTS = Object.keys(COURIER_FACT_BY_EVENT);

export interface CourierOnCard {
  fact: CourierFact;
  /** The courier's name, as the platform gives it; null when it gives none. */
  name: string | null;
  /** When Comanda heard of it (ISO 8601). */
  at: string;
}

const MAX_NAME = 80;

/** The latest courier fact among an order's events (in the order received), or undefined. */
export function latestCourierFact(
  events: ReadonlyArray<{ eventType: string; at: number; metadata?: unknown }>,
): CourierOnCard | undefined {
  let latest: CourierOnCard | undefined;
  for (const event of events) {
    const fact = (COURIER_FACT_BY_EVENT as Record<string, CourierFact | undefined>)[event.eventType];
    if (!fact) continue;
    const person = isRecord(event.metadata) ? event.metadata.deliveryPerson : undefined;
    const name = isRecord(person) ? text(person.name) : undefined;
    latest = { fact, name: name?.slice(0, MAX_NAME) ?? null, at: new Date(event.at).toISOString() };
  }
  return latest;
}
