import type { AdminOrder } from "@/lib/platform/admin/schemas";
import { foldText, type HistoryFilters } from "./filters";
import { columnOfPlatformStatus, statusesDiffer } from "./statuses";
import type { HistoryRow } from "./types";

/** A platform order with the store it was listed for. */
export interface ListedOrder {
  storeId: string;
  storeName: string;
  order: AdminOrder;
}

/** Newest first; the id breaks ties, so pages never overlap or skip. */
export function compareRows(a: Pick<HistoryRow, "placedAt" | "id">, b: Pick<HistoryRow, "placedAt" | "id">): number {
  const byTime = Date.parse(b.placedAt) - Date.parse(a.placedAt);
  if (byTime !== 0) return byTime;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

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
export function platformOnlyRow({ storeId, storeName, order }: ListedOrder): HistoryRow {
  return {
    id: order.id,
    storeId,
    storeName,
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
export function platformRowMatches(row: HistoryRow, filters: Pick<HistoryFilters, "q" | "status" | "type">): boolean {
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
 * One page of the merged history. `localPrefix` must hold Comanda's first `offset + size` rows
 * in `compareRows` order: the merged page's Comanda rows are all among them.
 */
export function mergePage(
  localPrefix: HistoryRow[],
  platformOnly: HistoryRow[],
  offset: number,
  size: number,
): HistoryRow[] {
  return [...localPrefix, ...platformOnly].sort(compareRows).slice(offset, offset + size);
}
