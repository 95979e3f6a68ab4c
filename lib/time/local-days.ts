// Calendar days and hours in a time zone, with nothing but Intl: a day starts at local midnight,
// which is not UTC midnight, and moves across daylight-saving changes.

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    });
    formatters.set(timeZone, format);
  }
  return format;
}

/** The local calendar day (YYYY-MM-DD) and hour (0–23) of an instant in a time zone. */
export function localParts(instant: Date, timeZone: string): { day: string; hour: number; offsetMs: number } {
  const parts: Record<string, string> = {};
  for (const part of formatter(timeZone).formatToParts(instant)) parts[part.type] = part.value;
  const hour = Number(parts.hour) % 24;
  const asUtc = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    hour,
    Number(parts.minute),
    Number(parts.second),
  );
  return {
    day: `${parts.year}-${parts.month}-${parts.day}`,
    hour,
    offsetMs: asUtc - Math.floor(instant.getTime() / 1000) * 1000,
  };
}

/** The instant a local day starts (local midnight) in a time zone. */
export function startOfLocalDay(day: string, timeZone: string): Date {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const naive = Date.UTC(year, month - 1, date);
  // The offset at the guess, then at the corrected instant (they differ only across a DST change).
  let instant = naive - localParts(new Date(naive), timeZone).offsetMs;
  instant = naive - localParts(new Date(instant), timeZone).offsetMs;
  return new Date(instant);
}

/** YYYY-MM-DD plus n calendar days (n may be negative). */
export function addDays(day: string, n: number): string {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + n)).toISOString().slice(0, 10);
}

/** Calendar days from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}
