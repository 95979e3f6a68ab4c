import "server-only";
import type { AutoAcceptSettings } from "@/lib/contract/merchant";
import type { BoardOrder } from "@/lib/contract/board";
import type { Database } from "@/lib/db";
import { getBoardSnapshot } from "@/lib/db/board";
import { DEFAULT_TIME_ZONE } from "@/lib/i18n/config";
import type { PerformOrderAction } from "./order-actions";

// Auto-accept (issue 15): confirms a store's new orders for the kitchen, within its settings —
// per order type, within hours, never past the cap of orders in preparation, with the store's
// preparation time. Scheduled orders wait for their preparation start. The confirmation goes
// through the ordinary order actions (same platform call, card, chime and audit) as actor "auto".

export const AUTO_ACTOR = "auto";

/** "HH:MM" of `now` in the store's zone (minutes since midnight). */
function minutesOfDay(now: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat("en-GB", { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" })
    .formatToParts(now)
    .reduce<Record<string, string>>((acc, p) => ({ ...acc, [p.type]: p.value }), {});
  return Number(parts.hour) * 60 + Number(parts.minute);
}

const toMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

export function withinHours(hours: AutoAcceptSettings["hours"], now: Date, timeZone = DEFAULT_TIME_ZONE): boolean {
  if (!hours) return true;
  const at = minutesOfDay(now, timeZone);
  const start = toMinutes(hours.start);
  const end = toMinutes(hours.end);
  return start <= end ? at >= start && at < end : at >= start || at < end;
}

/** The new orders to confirm now, oldest first, no more than the cap leaves room for. */
export function ordersToAccept(
  settings: AutoAcceptSettings | null,
  board: readonly BoardOrder[],
  now: Date,
  /** The store's zone: its hours are its own clock's (a store in Manaus is an hour behind). */
  timeZone: string = DEFAULT_TIME_ZONE,
): BoardOrder[] {
  if (!settings?.enabled || !withinHours(settings.hours, now, timeZone)) return [];
  const room = settings.cap - board.filter((o) => o.column === "preparing").length;
  if (room <= 0) return [];
  return board
    .filter((o) => o.column === "new" && o.actions.includes("confirm") && !o.detailsUnreadable)
    .filter((o) => (settings.types as readonly string[]).includes(o.type))
    .filter((o) => {
      // Scheduled: confirmed when its preparation starts (or the platform asked for it), not on arrival.
      if (!o.scheduledFor) return true;
      if (o.preparationRequested) return true;
      return o.preparationStartAt ? Date.parse(o.preparationStartAt) <= now.getTime() : false;
    })
    .sort((a, b) => a.placedAt.localeCompare(b.placedAt))
    .slice(0, room);
}

/** One round for one store: confirms what the settings allow; returns the confirmed order ids. */
export async function runAutoAccept(deps: {
  db: Database;
  storeId: string;
  settings: AutoAcceptSettings | null;
  perform: PerformOrderAction;
  now: Date;
}): Promise<string[]> {
  if (!deps.settings?.enabled) return [];
  const { orders, stores } = await getBoardSnapshot(deps.db, [deps.storeId], deps.now);
  const timeZone = stores?.find((store) => store.id === deps.storeId)?.timeZone;
  const confirmed: string[] = [];
  for (const order of ordersToAccept(deps.settings, orders, deps.now, timeZone)) {
    try {
      await deps.perform({
        storeId: deps.storeId,
        orderId: order.id,
        request: { action: "confirm", preparationTime: deps.settings.preparationMinutes },
        actor: AUTO_ACTOR,
      });
      confirmed.push(order.id);
    } catch {
      // Left for a person (the card stays New); the next round tries again.
    }
  }
  return confirmed;
}
