import { BOARD_COLUMNS } from "@/lib/contract/board";
import type { HistorySort, SortDirection } from "@/lib/contract/history";
import { columnOfPlatformStatus } from "./statuses";
import type { HistoryRow } from "./types";

// How the history's rows are sorted. The database sorts Comanda's rows and this comparator places
// the platform-only rows among them: both must order rows the same way, so every key is a number
// (a rank or an amount) or the order's time, never free text whose collation could differ.

/** A column's first direction when chosen: newest and largest first, names and stages in order. */
export const DEFAULT_DIRECTION: Record<HistorySort, SortDirection> = {
  placedAt: "desc",
  store: "asc",
  type: "asc",
  status: "asc",
  total: "desc",
};

/** The type sort's ranks; the database keeps the same in orders.type_rank (lib/db/schema.ts, 0031). */
export const TYPE_ORDER = ["DELIVERY", "TAKEOUT", "INDOOR"] as const;
/** The rank of a value outside a known list: after every known one. */
export const UNKNOWN_RANK = 99;

export interface SortSpec {
  sort: HistorySort;
  dir: SortDirection;
  /** Store id → rank by store name (the viewer's stores sorted in their language). */
  storeRank: ReadonlyMap<string, number>;
}

export function storeRanks(stores: ReadonlyArray<{ id: string; name: string }>, locale = "pt-BR"): Map<string, number> {
  const sorted = [...stores].sort((a, b) => a.name.localeCompare(b.name, locale) || (a.id < b.id ? -1 : 1));
  return new Map(sorted.map((store, index) => [store.id, index]));
}

export function typeRank(type: string | null): number {
  const index = type === null ? -1 : (TYPE_ORDER as readonly string[]).indexOf(type);
  return index < 0 ? UNKNOWN_RANK : index;
}

/** A row's stage: its board column, or the column its platform status stands for. */
export function statusRank(row: Pick<HistoryRow, "column" | "platformStatus">): number {
  const column = row.column ?? (row.platformStatus ? columnOfPlatformStatus(row.platformStatus) : null);
  return column === null ? UNKNOWN_RANK : BOARD_COLUMNS.indexOf(column);
}

type Key = number | null;

/** A row's place in a sort, as a page cursor names it: the sort's key, then time and id. */
export interface SortPosition {
  key: Key;
  placedAt: string;
  id: string;
}

/** The key a row sorts by (what a cursor carries; a total in cents as the database keeps it). */
export function primaryKey(row: HistoryRow, spec: SortSpec): Key {
  switch (spec.sort) {
    case "placedAt":
      return Date.parse(row.placedAt);
    case "store":
      return spec.storeRank.get(row.storeId) ?? UNKNOWN_RANK;
    case "type":
      return typeRank(row.type);
    case "status": {
      // Only platform-only rows can have a status we do not know: last, like a missing total.
      const rank = statusRank(row);
      return rank === UNKNOWN_RANK ? null : rank;
    }
    case "total":
      return row.totalCents !== undefined ? row.totalCents : row.total ? Math.round(row.total.value * 100) : null;
  }
}

/** Where a row stands against a position in a sort: negative before it, positive after. */
export function compareToPosition(row: HistoryRow, position: SortPosition, spec: SortSpec): number {
  const ka = spec.sort === "placedAt" ? null : primaryKey(row, spec);
  const kb = spec.sort === "placedAt" ? null : position.key;
  if (ka !== kb) {
    if (ka === null) return 1;
    if (kb === null) return -1;
    return (spec.dir === "asc" ? 1 : -1) * (ka - kb);
  }
  const byTime = compareByTime(row, position);
  return spec.sort === "placedAt" && spec.dir === "asc" ? -byTime : byTime;
}

/** Newest first, then id descending: the tie-break every sort ends with (pages never overlap). */
export function compareByTime(a: Pick<HistoryRow, "placedAt" | "id">, b: Pick<HistoryRow, "placedAt" | "id">): number {
  const byTime = Date.parse(b.placedAt) - Date.parse(a.placedAt);
  if (byTime !== 0) return byTime;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

/** The comparator of a sort: the chosen key (missing values last either way), then newest first. */
export function rowComparator(spec: SortSpec): (a: HistoryRow, b: HistoryRow) => number {
  return (a, b) => compareToPosition(a, positionOf(b, spec), spec);
}

export function positionOf(row: HistoryRow, spec: SortSpec): SortPosition {
  return { key: spec.sort === "placedAt" ? null : primaryKey(row, spec), placedAt: row.placedAt, id: row.id };
}
