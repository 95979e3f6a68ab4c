import type { AdminOrder } from "@/lib/platform/admin/schemas";
import { foldText } from "./filters";
import { type HistoryFilters } from "@/lib/contract/history";
import { compareByTime } from "./sorting";
import { columnOfPlatformStatus, statusesDiffer } from "./statuses";
import type { HistoryRow } from "./types";

/** A platform order with the store it was listed for. */
export interface ListedOrder {
  storeId: string;
  storeName: string;
  /** The channel whose admin list named it. */
  channelId: string | null;
  order: AdminOrder;
}

/** Newest first; the id breaks ties, so pages never overlap or skip. */
export const compareRows = compareByTime;

/** Marks Comanda's rows the platform also listed, with its status when it tells another story. */
export function withPlatformStatus(rows: HistoryRow[], listed: ReadonlyMap<string, ListedOrder>): HistoryRow[] {
  return rows.map((row) => {
    const platform = listed.get(row.id);
    if (!platform) return row;
    const status = platform.order.status;
    return {
      ...row,
      source: "both",
      platformStatus: status,
      statusesDiffer: row.column !== null && statusesDiffer(row.column, status),
    };
  });
}

/** An order only the platform has, as a history row. */
export function platformOnlyRow({ storeId, storeName, channelId, order }: ListedOrder): HistoryRow {
  return {
    id: order.id,
    storeId,
    storeName,
    channelId,
    channelLabel: null,
    channelColor: null,
    platformName: null,
    displayId: order.displayId,
    placedAt: order.createdAt,
    type: order.type,
    column: null,
    platformStatus: order.status,
    statusesDiffer: false,
    customerName: order.customerName,
    phone: null,
    total: order.total,
    source: "platform",
  };
}

/**
 * Whether an order only the platform has matches the filters. The admin list has no phone, so
 * a phone search finds such orders only by display id.
 */
export function platformRowMatches(
  row: HistoryRow,
  filters: Pick<HistoryFilters, "q" | "status" | "type" | "channel">,
): boolean {
  if (filters.channel && row.channelId !== filters.channel) return false;
  if (filters.type && row.type !== filters.type) return false;
  if (filters.status && (row.platformStatus === null || columnOfPlatformStatus(row.platformStatus) !== filters.status))
    return false;
  if (filters.q) {
    const q = filters.q.trim();
    const byDisplayId =
      row.displayId !== null && row.displayId.toLowerCase().startsWith(q.replace(/^#/, "").toLowerCase());
    const byName = row.customerName !== null && foldText(row.customerName).includes(foldText(q));
    if (!byDisplayId && !byName) return false;
  }
  return true;
}

/**
 * Which of Comanda's rows a merged page needs: with P platform-only rows, the page's first row
 * is at most P places after Comanda's row number `offset − P`, so Comanda's rows from there,
 * `size + 2P` of them, hold every Comanda row of the page (the database reads only those).
 */
export function localWindow(offset: number, size: number, platformCount: number): { offset: number; limit: number } {
  const start = Math.max(0, offset - platformCount);
  return { offset: start, limit: size + (offset - start) + platformCount };
}

/**
 * One page of the merged history. `local` holds Comanda's rows from `localOffset` (as
 * localWindow chose, in `compare` order); `platformOnly` holds every platform-only row. A merged
 * row's place is its place among Comanda's rows plus the platform rows before it, so the first
 * window row sits at `localOffset + (platform rows before it)`: the page is cut from there.
 */
export function mergePage(
  local: HistoryRow[],
  localOffset: number,
  platformOnly: HistoryRow[],
  offset: number,
  size: number,
  compare: (a: HistoryRow, b: HistoryRow) => number = compareRows,
): HistoryRow[] {
  const first = local[0];
  if (localOffset === 0 || first === undefined) {
    // From the top (or past Comanda's last row: then every row is counted from the start).
    if (first === undefined && localOffset > 0) return [];
    return [...local, ...platformOnly].sort(compare).slice(offset, offset + size);
  }
  const before = platformOnly.filter((row) => compare(row, first) < 0).length;
  const after = platformOnly.filter((row) => compare(row, first) >= 0);
  const start = localOffset + before;
  const merged = [...local, ...after].sort(compare);
  return merged.slice(offset - start, offset - start + size);
}
