import type { WeeklyPeriod } from "./types";

// Business hours arrive as weekly shifts whose times carry the store's UTC offset
// ("18:00:00-03:00"); weekdays are 0 = Sunday … 6 = Saturday in the store's own time. A shift
// whose end is not after its start ends the next day (18:00–00:30).

const MINUTE = 60_000;
const DAY = 86_400_000;

interface TimeOfDay {
  /** Minutes after local midnight. */
  minutes: number;
  /** The offset from UTC in minutes (−180 for -03:00). */
  offset: number;
}

export function parseTimeOfDay(value: string): TimeOfDay | null {
  const match = /^(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/.exec(value.trim());
  if (!match) return null;
  const [, hh, mm, , zone] = match;
  let offset = 0;
  if (zone && zone !== "Z") {
    const sign = zone.startsWith("-") ? -1 : 1;
    const digits = zone.slice(1).replace(":", "");
    offset = sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4)));
  }
  return { minutes: Number(hh) * 60 + Number(mm), offset };
}

/** "18:00" — the time of day as the store states it, in its own time. */
export function shortTime(value: string): string {
  const parsed = parseTimeOfDay(value);
  if (!parsed) return value;
  const h = Math.floor(parsed.minutes / 60);
  const m = parsed.minutes % 60;
  return `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}`;
}

/** The store's offset from UTC in minutes, read from its hours (UTC when they carry none). */
export function storeOffset(hours: WeeklyPeriod[]): number {
  for (const period of hours) {
    const parsed = parseTimeOfDay(period.start);
    if (parsed) return parsed.offset;
  }
  return 0;
}

/** Today's weekday (0 = Sunday) in the store's time. */
export function storeWeekday(now: Date, offsetMinutes: number): number {
  return new Date(now.getTime() + offsetMinutes * MINUTE).getUTCDay();
}

/** The UTC span of each shift over the days around `now` (yesterday's late shift included). */
function shiftsAround(hours: WeeklyPeriod[], now: Date, days: number): Array<{ start: number; end: number }> {
  const spans: Array<{ start: number; end: number }> = [];
  for (const period of hours) {
    const start = parseTimeOfDay(period.start);
    const end = parseTimeOfDay(period.end);
    if (!start || !end) continue;
    // Local midnight of the store's "today", expressed in UTC milliseconds.
    const localNow = now.getTime() + start.offset * MINUTE;
    const localMidnight = Math.floor(localNow / DAY) * DAY;
    for (let day = -1; day <= days; day++) {
      const midnight = localMidnight + day * DAY;
      if (new Date(midnight).getUTCDay() !== period.weekday) continue;
      const from = midnight + start.minutes * MINUTE - start.offset * MINUTE;
      let to = midnight + end.minutes * MINUTE - end.offset * MINUTE;
      if (to <= from) to += DAY;
      spans.push({ start: from, end: to });
    }
  }
  return spans.sort((a, b) => a.start - b.start);
}

/** Whether the hours say the store is open at `at` (the platform's own status is preferred). */
export function openAt(hours: WeeklyPeriod[], at: Date): boolean {
  return shiftsAround(hours, at, 0).some((span) => span.start <= at.getTime() && at.getTime() < span.end);
}

/**
 * The earliest time a scheduled order can be for: at least `leadMinutes` from now, inside a
 * shift, with a few minutes of margin at both ends so a slow click still lands inside. Null
 * when the store has no shift in the next week.
 */
export function nextOrderableTime(
  hours: WeeklyPeriod[],
  now: Date,
  leadMinutes: number,
  marginMinutes = 5,
): Date | null {
  const earliest = now.getTime() + (leadMinutes + marginMinutes) * MINUTE;
  for (const span of shiftsAround(hours, now, 7)) {
    const at = Math.max(earliest, span.start + marginMinutes * MINUTE);
    if (at < span.end - marginMinutes * MINUTE) return new Date(Math.ceil(at / MINUTE) * MINUTE);
  }
  return null;
}
