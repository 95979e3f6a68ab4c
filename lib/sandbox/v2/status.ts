import type { PlatformStatus, Stage, V2OrderStatus } from "../types";

// Open Delivery 2.0's authoritative order status (orders.openapi.yaml, OrderStatus) and how the
// platform keeps it: every event that "projects" a status (the profile matrices) sets it, the
// informational ones (logistics facts, the cancellation handshake's steps, PREPARATION_REQUESTED)
// leave it; PUT /control/orders/{id}/status sets it with no event at all (reconciliation tests).
// The 1.x bookkeeping (stage, platform status) follows it, so the admin and store APIs, the
// confirm deadline and the scheduled-preparation timer read the same order either way.

export const V2_STATUSES = [
  "CREATED",
  "CONFIRMED",
  "PREPARING",
  "READY",
  "IN_DELIVERY",
  "DELIVERED",
  "CANCELLED",
  "CONCLUDED",
] as const satisfies readonly V2OrderStatus[];

/** The status an event projects (the orders document's matrices); absent: informational. */
export const PROJECTED_STATUS: Partial<Record<string, V2OrderStatus>> = {
  CREATED: "CREATED",
  CONFIRMED: "CONFIRMED",
  PREPARING: "PREPARING",
  READY_FOR_PICKUP: "READY",
  DISPATCHED: "IN_DELIVERY",
  ORDER_COLLECTED: "IN_DELIVERY",
  DELIVERED: "DELIVERED",
  CANCELLED: "CANCELLED",
  CONCLUDED: "CONCLUDED",
};

/** Progress along the lifecycle, for "already applied" (202) versus "impossible" (409). */
export const PROGRESS: Record<V2OrderStatus, number> = {
  CREATED: 0,
  CONFIRMED: 1,
  PREPARING: 2,
  READY: 3,
  IN_DELIVERY: 4,
  DELIVERED: 5,
  CONCLUDED: 6,
  CANCELLED: -1,
};

/** The 1.x stage and platform status that go with a 2.0 status. */
export function legacyOf(status: V2OrderStatus): { stage: Stage; status: PlatformStatus } {
  switch (status) {
    case "CREATED":
      return { stage: "CREATED", status: "CREATED" };
    case "CONFIRMED":
      return { stage: "CONFIRMED", status: "CONFIRMED" };
    case "PREPARING":
      return { stage: "PREPARING", status: "CONFIRMED" };
    case "READY":
      return { stage: "READY", status: "CONFIRMED" };
    case "IN_DELIVERY":
      return { stage: "DISPATCHED", status: "IN_TRANSIT" };
    case "DELIVERED":
    case "CONCLUDED":
      return { stage: "CONCLUDED", status: "DONE" };
    case "CANCELLED":
      return { stage: "CANCELLED", status: "CANCELLED" };
  }
}

/** The status of a record, for records written before it had one (or by a 1.x platform). */
export function v2StatusOf(record: { v2Status?: V2OrderStatus; stage: Stage }): V2OrderStatus {
  if (record.v2Status) return record.v2Status;
  if (record.stage === "DISPATCHED") return "IN_DELIVERY";
  return record.stage;
}

/** Sets the 2.0 status and the 1.x bookkeeping that follows it. */
export function setV2Status(
  record: { v2Status?: V2OrderStatus; stage: Stage; status: PlatformStatus },
  status: V2OrderStatus,
): void {
  record.v2Status = status;
  const legacy = legacyOf(status);
  record.stage = legacy.stage;
  record.status = legacy.status;
}
