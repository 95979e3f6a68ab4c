import { addDays, daysBetween, startOfLocalDay } from "@/lib/time/local-days";
import { MAX_RANGE_DAYS, type ReportPeriod } from "@/lib/contract/reports";

export interface ReportRange {
  current: ReportPeriod;
  previous: ReportPeriod;
  days: string[];
}

function period(from: string, to: string, timeZone: string): ReportPeriod {
  return {
    from,
    to,
    start: startOfLocalDay(from, timeZone).toISOString(),
    end: startOfLocalDay(addDays(to, 1), timeZone).toISOString(),
  };
}

/**
 * The local days from..to (inclusive) and the previous period of the same number of days, ending
 * the day before `from`. Both bounded by local midnights of the report's time zone.
 */
export function reportRange(from: string, to: string, timeZone: string): ReportRange {
  const days = daysBetween(from, to);
  if (days.length === 0) throw new RangeError("The report's start is after its end.");
  if (days.length > MAX_RANGE_DAYS) throw new RangeError(`A report covers at most ${MAX_RANGE_DAYS} days.`);
  const previousTo = addDays(from, -1);
  const previousFrom = addDays(previousTo, -(days.length - 1));
  return { current: period(from, to, timeZone), previous: period(previousFrom, previousTo, timeZone), days };
}

/** The last `length` local days ending today (in the time zone), as the page's default. */
export function defaultRange(now: Date, timeZone: string, length = 7): { from: string; to: string } {
  const today = new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(now);
  return { from: addDays(today, -(length - 1)), to: today };
}
