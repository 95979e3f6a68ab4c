import { z } from "zod";
import type { BoardColumn } from "@/lib/contract/board";
import { addDays, localParts, startOfLocalDay } from "@/lib/time/local-days";
import { calendarDay, lineText, textId } from "@/lib/contract/text";
import { HISTORY_SORTS } from "./sorts";

/** Board columns a manager can filter on (the order's status in Comanda). */
export const HISTORY_STATUSES = [
  "new",
  "preparing",
  "ready",
  "dispatched",
  "done",
  "cancelled",
] as const satisfies readonly BoardColumn[];
export const HISTORY_TYPES = ["DELIVERY", "TAKEOUT", "INDOOR"] as const;
export const PAGE_SIZE = 50;
/** The database reads only the page's window (lib/history/merge.ts), so deep pages stay cheap. */
export const MAX_PAGE = 10_000;
/** Without dates, the history shows the last 30 days (the platform list needs a range). */
export const DEFAULT_RANGE_DAYS = 30;

const blankToUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());

/**
 * The history's filters, as they appear in the URL (shareable): the page and the API read the
 * same query string. Blank fields mean "any".
 */
export const historyFiltersSchema = z.object({
  q: optional(lineText(100)),
  from: optional(calendarDay),
  to: optional(calendarDay),
  status: optional(z.enum(HISTORY_STATUSES)),
  type: optional(
    z
      .string()
      .trim()
      .regex(/^[A-Z_]{1,40}$/, "must be an order type such as DELIVERY"),
  ),
  store: optional(textId),
  /** The column the rows are sorted by (time when absent) and its direction (the column's own when absent). */
  sort: optional(z.enum(HISTORY_SORTS)),
  dir: optional(z.enum(["asc", "desc"])),
  page: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(MAX_PAGE).default(1)),
});
export type HistoryFilters = z.infer<typeof historyFiltersSchema>;

/** A URL's search params (or Next.js's searchParams object) as a plain record for the schema. */
export function searchParamsRecord(
  params: URLSearchParams | Record<string, string | string[] | undefined>,
): Record<string, string> {
  const entries = params instanceof URLSearchParams ? [...params.entries()] : Object.entries(params);
  const record: Record<string, string> = {};
  for (const [key, value] of entries) {
    const first = Array.isArray(value) ? value[0] : value;
    if (typeof first === "string" && !(key in record)) record[key] = first;
  }
  return record;
}

/** The query string of some filters (blank ones left out), for links and the CSV export. */
export function filtersQuery(filters: Partial<HistoryFilters>, overrides: Partial<HistoryFilters> = {}): string {
  const merged = { ...filters, ...overrides };
  const params = new URLSearchParams();
  for (const key of ["q", "from", "to", "status", "type", "store", "sort", "dir", "page"] as const) {
    const value = merged[key];
    if (value === undefined || value === null || value === "" || (key === "page" && value === 1)) continue;
    params.set(key, String(value));
  }
  return params.toString();
}

export interface DateRange {
  /** The days as shown (store time zone), inclusive. */
  fromDay: string;
  toDay: string;
  /** Instants: from inclusive, to exclusive (the start of the day after toDay). */
  from: Date;
  to: Date;
}

/** The filters' days as instants; missing ends default to the last DEFAULT_RANGE_DAYS days. */
export function dateRange(filters: Pick<HistoryFilters, "from" | "to">, timeZone: string, now = new Date()): DateRange {
  let toDay =
    filters.to ?? (filters.from ? addDays(filters.from, DEFAULT_RANGE_DAYS - 1) : localParts(now, timeZone).day);
  let fromDay = filters.from ?? addDays(toDay, -(DEFAULT_RANGE_DAYS - 1));
  if (fromDay > toDay) [fromDay, toDay] = [toDay, fromDay];
  return { fromDay, toDay, from: startOfLocalDay(fromDay, timeZone), to: startOfLocalDay(addDays(toDay, 1), timeZone) };
}

/** Lower case without accents, for searching names ("Conceição" finds "conceicao"). */
export function foldText(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();
}
