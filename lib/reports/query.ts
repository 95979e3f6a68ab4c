import { z } from "zod";
import { defaultRange, MAX_RANGE_DAYS } from "./range";
import { daysBetween } from "@/lib/time/local-days";

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "expected a date YYYY-MM-DD")
  .refine((value) => {
    // Runs even when the pattern failed; "2026-13-45" parses to an invalid Date, not a throw.
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
  }, "not a calendar date");

/** The report's filters, from a URL's search parameters (the page's and the API's). */
export const reportQuerySchema = z
  .object({
    from: day.optional(),
    to: day.optional(),
    store: z.string().min(1).max(100).optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: "from must not be after to", path: ["from"] })
  .refine((q) => !q.from || !q.to || daysBetween(q.from, q.to).length <= MAX_RANGE_DAYS, {
    message: `a report covers at most ${MAX_RANGE_DAYS} days`,
    path: ["to"],
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
