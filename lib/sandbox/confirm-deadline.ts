import type { OrderRecord } from "./types";

// A platform means its confirm deadline: an order nobody confirmed in time is cancelled by the
// platform itself (iFood does it at 8 minutes), with a CANCELLED event whose code is the
// standard's catch-all — the standard has no code for "not confirmed in time" — and a reason
// that says so. Counted from the order's creation, or from the preparation start of a scheduled
// order (it cannot be late before the kitchen is asked to start it), as Comanda counts it.

/** iFood's deadline; Comanda's stores default to the same (lib/stores/config.ts). */
export const DEFAULT_CONFIRM_DEADLINE_MINUTES = 8;

export const NOT_CONFIRMED_IN_TIME = (minutes: number) => ({
  reason: `The merchant did not confirm the order within ${minutes} minutes`,
  code: "OTHER_CANCELLATION_REASON",
});

/** Orders still waiting for a confirm whose deadline has passed at `nowMs`. */
export function unconfirmedPastDeadline(records: Iterable<OrderRecord>, nowMs: number, minutes: number): OrderRecord[] {
  const late: OrderRecord[] = [];
  for (const record of records) {
    if (record.stage !== "CREATED") continue;
    const { order } = record;
    const from = order.orderTiming === "SCHEDULED" ? order.preparationStartDateTime : order.createdAt;
    const start = Date.parse(from);
    if (!Number.isNaN(start) && start + minutes * 60_000 <= nowMs) late.push(record);
  }
  return late;
}
