import "server-only";
import type { AutoAcceptSettings } from "@/lib/contract/merchant-state";
import type { Database } from "@/lib/db";
import { getBoardSnapshot } from "@/lib/db/board";
import { AUTO_ACCEPT_ACTOR, ordersToAccept } from "@/lib/orders/auto-accept-rule";
import type { PerformOrderAction } from "./perform-order-action";

// Auto-accept (issue 15): confirms a store's new orders for the kitchen, within its settings —
// per order type, within hours, never past the cap of orders in preparation, with the store's
// preparation time. Scheduled orders wait for their preparation start. The confirmation goes
// through the ordinary order actions (same platform call, card, chime and audit) as actor "auto".

export { ordersToAccept, withinHours } from "@/lib/orders/auto-accept-rule";
export const AUTO_ACTOR = AUTO_ACCEPT_ACTOR;

/** One round for one store: confirms what the settings allow; returns the confirmed order ids. */
export async function runAutoAccept(deps: {
  db: Database;
  storeId: string;
  settings: AutoAcceptSettings | null;
  perform: PerformOrderAction;
  now: Date;
  /** Busy mode: minutes added to the preparation time each confirm promises. */
  busyMinutes?: number;
  /** The store's zone, for the settings' hours (default America/Sao_Paulo). */
  timeZone?: string;
}): Promise<string[]> {
  if (!deps.settings?.enabled) return [];
  const { orders } = await getBoardSnapshot(deps.db, [deps.storeId], deps.now);
  const confirmed: string[] = [];
  // Capped like a person's confirm (the contract allows 240 minutes at most).
  const preparationTime = Math.min(240, deps.settings.preparationMinutes + (deps.busyMinutes ?? 0));
  for (const order of ordersToAccept(deps.settings, orders, deps.now, deps.timeZone)) {
    try {
      await deps.perform({
        storeId: deps.storeId,
        orderId: order.id,
        request: { action: "confirm", preparationTime },
        actor: AUTO_ACTOR,
      });
      confirmed.push(order.id);
    } catch {
      // Left for a person (the card stays New); the next round tries again.
    }
  }
  return confirmed;
}
