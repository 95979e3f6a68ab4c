import { defaultRange } from "./range";
import { MAX_RANGE_DAYS, type ReportQueryInput } from "@/lib/contract/reports";
import { addDays, daysBetween } from "@/lib/time/local-days";
import { calendarDay } from "@/lib/contract/text";

/** Missing dates default to the last 7 days (a missing `from` is 6 days before `to`). */
export function withDefaultDates(
  input: ReportQueryInput,
  now: Date,
  timeZone: string,
): { from: string; to: string; store?: string } {
  const fallback = defaultRange(now, timeZone);
  const to = input.to ?? (input.from && input.from > fallback.to ? input.from : fallback.to);
  const from = input.from ?? (input.to ? defaultRange(new Date(`${input.to}T12:00:00Z`), "UTC").from : fallback.from);
  return { from, to, ...(input.store ? { store: input.store } : {}) };
}

/**
 * A range longer than the limit is cut to the last MAX_RANGE_DAYS days ending at `to` (the page
 * then says so), rather than refused: the manager still sees the most recent part of what was asked.
 */
export function clampToLimit(record: Record<string, string>): { record: Record<string, string>; clamped: boolean } {
  // Only days the schema accepts are counted: a year like 9999 is refused there, not looped over here.
  const from = calendarDay.safeParse(record.from);
  const to = calendarDay.safeParse(record.to);
  if (!from.success || !to.success || from.data > to.data) return { record, clamped: false };
  if (daysBetween(from.data, to.data).length <= MAX_RANGE_DAYS) return { record, clamped: false };
  return { record: { ...record, from: addDays(to.data, -(MAX_RANGE_DAYS - 1)) }, clamped: true };
}
