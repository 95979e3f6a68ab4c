import type { OrderRecord, Stage } from "./types";

// Open Delivery 1.5 added PREPARATION_REQUESTED: the ordering application tells the merchant
// that the time to start preparing a scheduled order has come. The sandbox emits it once per
// scheduled order when its clock (real time plus the control API's offset) reaches the order's
// preparationStartDateTime, while the order still waits (created or confirmed, not yet being
// prepared, not cancelled or concluded).

const WAITING_STAGES: ReadonlySet<Stage> = new Set(["CREATED", "CONFIRMED"]);

/** Scheduled orders whose preparation time has come and that were not yet told so. */
export function duePreparations(records: Iterable<OrderRecord>, nowMs: number): OrderRecord[] {
  const due: OrderRecord[] = [];
  for (const record of records) {
    if (record.order.orderTiming !== "SCHEDULED" || record.preparationRequestedAt) continue;
    if (!WAITING_STAGES.has(record.stage)) continue;
    const start = Date.parse(record.order.preparationStartDateTime);
    if (!Number.isNaN(start) && start <= nowMs) due.push(record);
  }
  return due;
}

/** How often the sandbox looks for due preparations while time passes on its own. */
export const PREPARATION_CHECK_MS = 5_000;
