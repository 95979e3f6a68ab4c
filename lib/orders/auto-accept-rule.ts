import type { AutoAcceptSettings } from "@/lib/contract/merchant-state";
import type { BoardOrder } from "@/lib/contract/board";

// Which new orders auto-accept confirms (issue 15), as a pure rule: the server's worker confirms
// them (lib/actions/auto-accept.ts), and the board uses the same rule to hold back the new-order
// alarm for an order the worker is about to take (it chimes once when it does).

/** The actor an auto-accepted confirm is recorded with (audit "auto", the card's autoAccepted). */
export const AUTO_ACCEPT_ACTOR = "auto";

/** The store's zone when its settings name none (auto-accept hours are local times). */
const DEFAULT_ZONE = "America/Sao_Paulo";

/** "HH:MM" of `now` in the store's zone (minutes since midnight). */
function minutesOfDay(now: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat("en-GB", { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" })
    .formatToParts(now)
    .reduce<Record<string, string>>((acc, p) => ({ ...acc, [p.type]: p.value }), {});
  return Number(parts.hour) * 60 + Number(parts.minute);
}

const toMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

export function withinHours(hours: AutoAcceptSettings["hours"], now: Date, timeZone = DEFAULT_ZONE): boolean {
  if (!hours) return true;
  const at = minutesOfDay(now, timeZone);
  const start = toMinutes(hours.start);
  const end = toMinutes(hours.end);
  return start <= end ? at >= start && at < end : at >= start || at < end;
}

/** The new orders to confirm now, oldest first, no more than the cap leaves room for (hours in the store's zone). */
export function ordersToAccept(
  settings: AutoAcceptSettings | null,
  board: readonly BoardOrder[],
  now: Date,
  timeZone = DEFAULT_ZONE,
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

/**
 * How long the board keeps quiet about a new order auto-accept should take: the worker runs every
 * 5 s and a confirm may take 10 s against a slow platform. Past this the order rings like any
 * other — auto-accept failing must never leave an order unheard.
 */
export const AUTO_ACCEPT_GRACE_MS = 20_000;

/**
 * The new orders the board need not ring for: those auto-accept will confirm (same rule, per
 * store), while they have been New for less than the grace period.
 */
export function awaitingAutoAccept(
  settingsByStore: ReadonlyMap<string, AutoAcceptSettings | null>,
  orders: readonly BoardOrder[],
  now: number,
): Set<string> {
  const quiet = new Set<string>();
  for (const [storeId, settings] of settingsByStore) {
    const store = orders.filter((order) => order.storeId === storeId);
    for (const order of ordersToAccept(settings, store, new Date(now))) {
      const since = Date.parse(order.stageSince ?? order.placedAt);
      if (Number.isFinite(since) && now - since < AUTO_ACCEPT_GRACE_MS) quiet.add(order.id);
    }
  }
  return quiet;
}

/** What the board says of a store's auto-accept (issue 27): whether it takes orders now, and how many it took. */
export interface AutoAcceptStatus {
  /** off: not enabled; on: taking orders; outsideHours: enabled, not now; capReached: the cap stops it. */
  state: "off" | "on" | "outsideHours" | "capReached";
  /** Orders on the board (live, and finished in the last two hours) it confirmed. */
  taken: number;
  cap: number | null;
}

export function autoAcceptStatus(
  settings: AutoAcceptSettings | null,
  board: readonly BoardOrder[],
  now: Date,
  timeZone = DEFAULT_ZONE,
): AutoAcceptStatus {
  const taken = board.filter((order) => order.autoAccepted).length;
  if (!settings?.enabled) return { state: "off", taken, cap: null };
  const base = { taken, cap: settings.cap };
  if (!withinHours(settings.hours, now, timeZone)) return { state: "outsideHours", ...base };
  const preparing = board.filter((order) => order.column === "preparing").length;
  return { state: preparing >= settings.cap ? "capReached" : "on", ...base };
}
