import type { StoreDef } from "../catalog/types";
import { unprocessable } from "./errors";
import { isOpenAt, nextOpening } from "./time";

// When an order is for: now (the store must be open) or a scheduled time (at least the store's
// minimum waiting time ahead, at most 7 days, inside business hours; tables cannot be booked).

const MINUTE = 60_000;
const MAX_DAYS_AHEAD = 7;

export function orderTimes(store: StoreDef, scheduling: string | null, type: string, now: Date) {
  if (scheduling === null) {
    if (!isOpenAt(store, now)) {
      const next = nextOpening(store, now, store.minWaitingTime);
      throw unprocessable(
        "store_closed",
        `The store is closed now${next ? `; schedule the order (it opens for orders at ${next.toISOString()})` : ""}`,
      );
    }
    return {
      at: now,
      plan: (waitMinutes: number) => ({
        prepStart: now,
        due: new Date(now.getTime() + waitMinutes * MINUTE),
        schedule: null,
      }),
    };
  }
  const at = new Date(scheduling);
  if (type === "TABLE") throw unprocessable("invalid_scheduling", "scheduling: table orders cannot be scheduled");
  if (at.getTime() < now.getTime() + store.minWaitingTime * MINUTE) {
    throw unprocessable("invalid_scheduling", `scheduling: must be at least ${store.minWaitingTime} minutes from now`);
  }
  if (at.getTime() > now.getTime() + MAX_DAYS_AHEAD * 86_400_000) {
    throw unprocessable("invalid_scheduling", `scheduling: at most ${MAX_DAYS_AHEAD} days ahead`);
  }
  if (!isOpenAt(store, at)) throw unprocessable("invalid_scheduling", "scheduling: the store is closed at that time");
  return {
    at,
    plan: (waitMinutes: number) => {
      const prepLead = (type === "DELIVERY" ? waitMinutes : 25) * MINUTE;
      return {
        prepStart: new Date(Math.max(now.getTime(), at.getTime() - prepLead)),
        due: at,
        schedule: { start: at, end: new Date(at.getTime() + 30 * MINUTE) },
      };
    },
  };
}
