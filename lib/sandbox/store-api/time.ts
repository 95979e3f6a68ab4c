import type { Availability, StoreDef } from "../catalog/types";

// Store-local time. The stores are in São Paulo (UTC−03:00 all year); the catalogue's times of
// day carry their offset, so a period written in another offset is converted.

const STORE_OFFSET_MIN = -180;
const DAY = 1440;

export type LocalTime = { weekday: number; minutes: number };

export function localTime(at: Date): LocalTime {
  const shifted = new Date(at.getTime() + STORE_OFFSET_MIN * 60_000);
  return { weekday: shifted.getUTCDay(), minutes: shifted.getUTCHours() * 60 + shifted.getUTCMinutes() };
}

/** "18:30:00-03:00" → minutes after store-local midnight. */
export function minutesOf(timeOfDay: string): number {
  const match = /^(\d{2}):(\d{2})(?::\d{2})?(?:([+-])(\d{2}):?(\d{2})|Z)?$/.exec(timeOfDay);
  if (!match) throw new Error(`bad time of day ${timeOfDay}`);
  const offset = match[3] ? (match[3] === "-" ? -1 : 1) * (Number(match[4]) * 60 + Number(match[5])) : STORE_OFFSET_MIN;
  const minutes = Number(match[1]) * 60 + Number(match[2]) - offset + STORE_OFFSET_MIN;
  return ((minutes % DAY) + DAY) % DAY;
}

/** Whether a daily window [start, end) holds the time; a window whose end is not after its start crosses midnight. 23:59 ends the day. */
export function inDailyWindow(minutes: number, start: string, end: string): boolean {
  const s = minutesOf(start);
  let e = minutesOf(end);
  if (e === DAY - 1) e = DAY;
  return e > s ? minutes >= s && minutes < e : minutes >= s || minutes < e;
}

type Shift = { weekday: number; start: string; end: string };

function inShift(local: LocalTime, shift: Shift): boolean {
  const s = minutesOf(shift.start);
  let e = minutesOf(shift.end);
  if (e === DAY - 1) e = DAY;
  if (e > s) return local.weekday === shift.weekday && local.minutes >= s && local.minutes < e;
  return (
    (local.weekday === shift.weekday && local.minutes >= s) ||
    (local.weekday === (shift.weekday + 1) % 7 && local.minutes < e)
  );
}

export function isOpenAt(store: StoreDef, at: Date): boolean {
  const local = localTime(at);
  return store.businessHours.some((h) => inShift(local, { weekday: h.weekday, start: h.shiftStart, end: h.shiftEnd }));
}

/** No periods means always available. */
export function isAvailableAt(periods: readonly Availability[] | undefined, at: Date): boolean {
  if (!periods || periods.length === 0) return true;
  const local = localTime(at);
  return periods.some((p) => inShift(local, { weekday: p.weekday, start: p.periodStart, end: p.periodEnd }));
}

/** The first quarter hour at least `leadMinutes` from now when the store is open (within 8 days). */
export function nextOpening(store: StoreDef, now: Date, leadMinutes: number): Date | undefined {
  const quarter = 15 * 60_000;
  let at = Math.ceil((now.getTime() + leadMinutes * 60_000) / quarter) * quarter;
  for (let i = 0; i < 8 * 96; i++, at += quarter) {
    if (isOpenAt(store, new Date(at))) return new Date(at);
  }
  return undefined;
}
