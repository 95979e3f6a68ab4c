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
