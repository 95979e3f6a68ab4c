import type { HistorySort } from "@/lib/contract/history";

/** The history table's columns, in order; the sortable ones name their sort key. */
export const HISTORY_COLUMNS = [
  "placedAt",
  "displayId",
  "store",
  "channel",
  "customer",
  "phone",
  "type",
  "status",
  "total",
  "toConfirm",
  "confirmedBy",
] as const;
export type HistoryColumn = (typeof HISTORY_COLUMNS)[number];

export const SORT_OF_COLUMN: Partial<Record<HistoryColumn, HistorySort>> = {
  placedAt: "placedAt",
  store: "store",
  type: "type",
  status: "status",
  total: "total",
};

/** Columns a manager cannot hide: without them a row says nothing. */
export const FIXED_COLUMNS: readonly HistoryColumn[] = ["placedAt", "displayId"];

export const COLUMNS_STORAGE_KEY = "comanda.history.hiddenColumns";

/** The hidden columns saved in the browser; anything unreadable means none hidden. */
export function readHiddenColumns(saved: string | null): Set<HistoryColumn> {
  try {
    const parsed: unknown = saved ? JSON.parse(saved) : [];
    if (!Array.isArray(parsed)) return new Set();
    return new Set(
      parsed.filter(
        (name): name is HistoryColumn =>
          (HISTORY_COLUMNS as readonly string[]).includes(name) && !FIXED_COLUMNS.includes(name as HistoryColumn),
      ),
    );
  } catch {
    return new Set();
  }
}

/** "45 s", "3 min", "1 h 05": how long an order waited to be confirmed. */
export function waitText(fromIso: string, toIso: string | null | undefined): string | null {
  if (!toIso) return null;
  const seconds = Math.round((Date.parse(toIso) - Date.parse(fromIso)) / 1000);
  if (!Number.isFinite(seconds) || seconds < 0) return null;
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, "0")}`;
}
