import type { HistoryFilters } from "@/lib/contract/history";
import { addDays, localParts, startOfLocalDay } from "@/lib/time/local-days";

// The history's filters themselves (historyFiltersSchema) are the contract's (lib/contract/history.ts).

export const PAGE_SIZE = 50;
/**
 * A page counts the matching orders only this far past its first row: counting 100,000 orders
 * cost more than reading the page. Beyond it the history says "more than" (HistoryPage.totalCapped).
 */
export const COUNT_AHEAD = 1_000;
/** Without dates, the history shows the last 30 days (the platform list needs a range). */
export const DEFAULT_RANGE_DAYS = 30;

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
