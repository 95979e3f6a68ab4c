import { z } from "zod";
import { defaultRange, MAX_RANGE_DAYS } from "./range";
import { addDays, daysBetween } from "@/lib/time/local-days";
import { calendarDay, textId } from "@/lib/contract/text";

/** The report's filters, from a URL's search parameters (the page's and the API's). */
export const reportQuerySchema = z
  .object({
    from: calendarDay.optional(),
    to: calendarDay.optional(),
    store: textId.optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: "from must not be after to", path: ["from"] })
  .refine((q) => !q.from || !q.to || daysBetween(q.from, q.to).length <= MAX_RANGE_DAYS, {
    message: `a report covers at most ${MAX_RANGE_DAYS} days`,
    path: ["to"],
    // Counting days needs two valid days: only when every field passed.
    when: (payload) => payload.issues.length === 0,
  });

export type ReportQueryInput = z.infer<typeof reportQuerySchema>;

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

/** URLSearchParams or Next.js's searchParams object → a plain record of single strings. */
export function searchRecord(
  params: URLSearchParams | Record<string, string | string[] | undefined>,
): Record<string, string> {
  const record: Record<string, string> = {};
  const entries = params instanceof URLSearchParams ? [...params.entries()] : Object.entries(params);
  for (const [key, value] of entries) {
    const single = Array.isArray(value) ? value[0] : value;
    if (single !== undefined && single !== "") record[key] = single;
  }
  return record;
}

/**
 * A range longer than the limit is cut to the last MAX_RANGE_DAYS days ending at `to` (the page
 * then says so), rather than refused: the manager still sees the most recent part of what was asked.
 */
export function clampToLimit(record: Record<string, string>): { record: Record<string, string>; clamped: boolean } {
  const { from, to } = record;
  // Only days the schema accepts (2000–2099) are counted: a year like 9999 is left to the schema
  // to refuse, rather than counted day by day past what a date can hold.
  const valid = (day: string | undefined) => day !== undefined && calendarDay.safeParse(day).success;
  if (!valid(from) || !valid(to) || from! > to!) return { record, clamped: false };
  if (daysBetween(from!, to!).length <= MAX_RANGE_DAYS) return { record, clamped: false };
  return { record: { ...record, from: addDays(to!, -(MAX_RANGE_DAYS - 1)) }, clamped: true };
}
