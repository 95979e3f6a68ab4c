import "server-only";
import type { Database } from "@/lib/db";
import { DEFAULT_TIME_ZONE } from "@/lib/i18n/config";
import { log } from "@/lib/log";
import { loadEnabledStores } from "@/lib/stores/config";
import { dateRange, PAGE_SIZE, type DateRange, type HistoryFilters } from "./filters";
import { knownOrderIds, queryLocalOrders, type LocalRow } from "./local-orders";
import { compareRows, mergePage, platformOnlyRow, platformRowMatches, withPlatformStatus } from "./merge";
import { listPlatformOrders, type PlatformListing } from "./platform-orders";
import type { HistoryPage, HistoryRow, HistoryWarning } from "./types";

/** The stores a history request covers: the viewer's, narrowed to one when the filter names it. */
export interface HistoryScope {
  stores: ReadonlyArray<{ id: string; name: string }>;
}

/** The CSV export's bound: a month of a busy store fits many times over. */
export const EXPORT_LIMIT = 20_000;

interface Merged {
  local: { rows: LocalRow[]; total: number };
  platformOnly: HistoryRow[];
  warnings: HistoryWarning[];
  range: DateRange;
}

async function collect(
  db: Database,
  scope: HistoryScope,
  filters: HistoryFilters,
  localLimit: number,
  withDetails: boolean,
): Promise<Merged> {
  const stores = filters.store ? scope.stores.filter((store) => store.id === filters.store) : scope.stores;
  const storeIds = stores.map((store) => store.id);
  const storeNames = new Map(stores.map((store) => [store.id, store.name]));
  const range = dateRange(filters, DEFAULT_TIME_ZONE);
  const [local, listing] = await Promise.all([
    queryLocalOrders(db, { storeIds, storeNames }, filters, range, { limit: localLimit, withDetails }),
    platformListing(db, stores, filters, range),
  ]);
  const known = await knownOrderIds(db, [...listing.orders.keys()]);
  const platformOnly = [...listing.orders.values()]
    .filter((listed) => !known.has(listed.order.id))
    .map(platformOnlyRow)
    .filter((row) => platformRowMatches(row, filters));
  return {
    local: { rows: withPlatformStatus(local.rows, listing.orders) as LocalRow[], total: local.total },
    platformOnly,
    warnings: listing.warnings,
    range,
  };
}

/** The platform's list; stores whose credentials cannot be read (another SECRETS_KEY) only warn. */
async function platformListing(
  db: Database,
  stores: HistoryScope["stores"],
  filters: HistoryFilters,
  range: DateRange,
): Promise<PlatformListing> {
  try {
    const configs = (await loadEnabledStores(db)).filter((config) => stores.some((store) => store.id === config.id));
    return await listPlatformOrders(db, configs, filters, range);
  } catch (error) {
    log.error({ err: error }, "could not read the stores' admin API credentials");
    const message =
      "The platform's order list could not be read: the store's credentials are unreadable; showing Comanda's records only.";
    return {
      orders: new Map(),
      warnings: stores.map((store) => ({ storeId: store.id, storeName: store.name, kind: "failed", message })),
    };
  }
}

/**
 * One page of the manager's order history: Comanda's orders merged with the platform's admin
 * list for the same days (orders only the platform has are marked so; statuses that differ are
 * both shown). Newest first, offset pages of PAGE_SIZE.
 */
export async function listHistory(db: Database, scope: HistoryScope, filters: HistoryFilters): Promise<HistoryPage> {
  const offset = (filters.page - 1) * PAGE_SIZE;
  const merged = await collect(db, scope, filters, offset + PAGE_SIZE, false);
  const total = merged.local.total + merged.platformOnly.length;
  return {
    rows: mergePage(merged.local.rows, merged.platformOnly, offset, PAGE_SIZE),
    total,
    page: filters.page,
    pageSize: PAGE_SIZE,
    pageCount: Math.max(1, Math.ceil(total / PAGE_SIZE)),
    fromDay: merged.range.fromDay,
    toDay: merged.range.toDay,
    warnings: merged.warnings,
  };
}

/** Every matching order (up to EXPORT_LIMIT), with Comanda's raw details, for the CSV export. */
export async function historyForExport(
  db: Database,
  scope: HistoryScope,
  filters: HistoryFilters,
): Promise<{ rows: LocalRow[]; warnings: HistoryWarning[]; range: DateRange }> {
  const merged = await collect(db, scope, filters, EXPORT_LIMIT, true);
  return {
    rows: [...merged.local.rows, ...merged.platformOnly].sort(compareRows),
    warnings: merged.warnings,
    range: merged.range,
  };
}
