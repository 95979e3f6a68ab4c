import "server-only";
import type { Database } from "@/lib/db";
import { DEFAULT_TIME_ZONE } from "@/lib/i18n/config";
import { log } from "@/lib/log";
import { AppError } from "@/lib/errors";
import { channelIndex, channelsOfRestaurants, type ChannelEntry } from "@/lib/db/channel-directory";
import { loadEnabledChannels } from "@/lib/stores/config";
import { sharedZone, storeTimeZones } from "@/lib/stores/time-zones";
import { COUNT_AHEAD, dateRange, PAGE_SIZE, type DateRange } from "./filters";
import { type HistoryFilters } from "@/lib/contract/history";
import { knownOrderIds, queryLocalOrders, type LocalRow } from "./local-orders";
import { confirmations } from "./confirmations";
import { localWindow, mergePage, platformOnlyRow, platformRowMatches, withPlatformStatus } from "./merge";
import { DEFAULT_DIRECTION, rowComparator, storeRanks, type SortSpec } from "./sorting";
import { listPlatformOrders, type PlatformListing } from "./platform-orders";
import type { HistoryPage, HistoryRow, HistoryWarning } from "./types";

/** The stores a history request covers: the viewer's, narrowed to one when the filter names it. */
export interface HistoryScope {
  stores: ReadonlyArray<{ id: string; name: string }>;
  /** The viewer's language: stores sort by name in it. */
  locale?: string;
}

/** The CSV export's bound: a month of a busy store fits many times over. */
export const EXPORT_LIMIT = 20_000;

interface Merged {
  local: { rows: LocalRow[]; total: number; capped: boolean; offset: number };
  platformOnly: HistoryRow[];
  warnings: HistoryWarning[];
  range: DateRange;
  compare: (a: HistoryRow, b: HistoryRow) => number;
}

/**
 * The stores a request reads: the viewer's, narrowed by the store filter and by the channel
 * filter to the channel's restaurant. A channel none of the viewer's restaurants owns is refused
 * as a foreign store is (the page and the API say 403; nothing tells whether it exists).
 */
export function storesInScope(
  scope: HistoryScope,
  filters: Pick<HistoryFilters, "store" | "channel">,
  channels: ReadonlyMap<string, ChannelEntry>,
): HistoryScope["stores"] {
  const channel = filters.channel ? channels.get(filters.channel) : undefined;
  if (filters.channel && !channel)
    throw new AppError("forbidden", "This belongs to a store your account does not have access to.");
  return scope.stores.filter(
    (store) => (!filters.store || store.id === filters.store) && (!channel || store.id === channel.restaurantId),
  );
}

/** Each row with its channel's label, colour and platform (an unknown channel's rows keep nulls). */
function withChannelNames<T extends HistoryRow>(rows: T[], channels: ReadonlyMap<string, ChannelEntry>): T[] {
  return rows.map((row) => {
    const channel = row.channelId ? channels.get(row.channelId) : undefined;
    if (!channel) return row;
    return { ...row, channelLabel: channel.label, channelColor: channel.color, platformName: channel.platform };
  });
}

/** The sort a request asks for (time, newest first, when it names none). */
export function sortSpec(
  filters: Pick<HistoryFilters, "sort" | "dir">,
  stores: HistoryScope["stores"],
  locale?: string,
): SortSpec {
  const sort = filters.sort ?? "placedAt";
  return { sort, dir: filters.dir ?? DEFAULT_DIRECTION[sort], storeRank: storeRanks(stores, locale) };
}

type LocalWindow = { offset: number; limit: number };

/**
 * Comanda's rows and the platform's list. `window` picks which of Comanda's rows are needed:
 * from the platform-only count for a deep page (the platform's list first, then Comanda's rows),
 * or fixed when it does not depend on it (the first page, an export), and then Comanda's rows
 * are read while the platform answers: a filter's first page waits for the slower of the two,
 * not for both.
 */
async function collect(
  db: Database,
  scope: HistoryScope,
  filters: HistoryFilters,
  window: LocalWindow | ((platformCount: number) => LocalWindow),
  withDetails: boolean,
  countUpTo?: number,
): Promise<Merged> {
  // The channels of the viewer's restaurants: one small indexed read, for the filter's scope and the names.
  const channels = channelIndex(
    await channelsOfRestaurants(
      db,
      scope.stores.map((store) => store.id),
    ),
  );
  const stores = storesInScope(scope, filters, channels);
  const storeIds = stores.map((store) => store.id);
  const storeNames = new Map(stores.map((store) => [store.id, store.name]));
  // Days are the stores' own (one zone shared, else the default); each row shows in its store's zone.
  const zones = await storeTimeZones(db, storeIds);
  const range = dateRange(filters, sharedZone(zones, storeIds));
  const sort = sortSpec(filters, scope.stores, scope.locale);
  const readLocal = ({ offset, limit }: LocalWindow) =>
    queryLocalOrders(db, { storeIds, storeNames }, filters, range, { limit, offset, sort, withDetails, countUpTo });
  const early = typeof window === "function" ? null : readLocal(window);
  // Settled at once if the platform's list throws, so an early read never goes unhandled.
  early?.catch(() => undefined);
  const listing = await platformListing(db, stores, filters, range);
  const known = await knownOrderIds(db, [...listing.orders.keys()]);
  const platformOnly = [...listing.orders.values()]
    .filter((listed) => !known.has(listed.order.id))
    .map(platformOnlyRow)
    .filter((row) => platformRowMatches(row, filters));
  const chosen = typeof window === "function" ? window(platformOnly.length) : window;
  const local = await (early ?? readLocal(chosen));
  const { offset } = chosen;
  const zoned = <T extends HistoryRow>(rows: T[]) =>
    withChannelNames(rows, channels).map((row) => ({ ...row, timeZone: zones.get(row.storeId) ?? DEFAULT_TIME_ZONE }));
  return {
    local: {
      rows: zoned(withPlatformStatus(local.rows, listing.orders) as LocalRow[]),
      total: local.total,
      capped: local.capped,
      offset,
    },
    platformOnly: zoned(platformOnly),
    warnings: listing.warnings,
    range,
    compare: rowComparator(sort),
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
    // The restaurants' channels (only the filtered one's: the others' lists would all be left out).
    const configs = (await loadEnabledChannels(db)).filter(
      (config) =>
        stores.some((store) => store.id === config.restaurantId) && (!filters.channel || config.id === filters.channel),
    );
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
 * both shown), in the chosen sort (newest first by default), offset pages of PAGE_SIZE. The
 * database reads only the page's window from an index in the sort's order, and counts the matches
 * only up to COUNT_AHEAD past the page ("more than …" beyond), so a page's cost does not grow
 * with the table.
 */
export async function listHistory(db: Database, scope: HistoryScope, filters: HistoryFilters): Promise<HistoryPage> {
  const offset = (filters.page - 1) * PAGE_SIZE;
  // The first page needs Comanda's first PAGE_SIZE rows whatever the platform adds (its rows can
  // only push Comanda's down), so they are read while the platform answers.
  const window =
    offset === 0 ? { offset: 0, limit: PAGE_SIZE } : (count: number) => localWindow(offset, PAGE_SIZE, count);
  // Counted up to COUNT_AHEAD orders past this page's start, never the whole range.
  const merged = await collect(db, scope, filters, window, false, offset + COUNT_AHEAD);
  const total = merged.local.total + merged.platformOnly.length;
  const rows = mergePage(
    merged.local.rows,
    merged.local.offset,
    merged.platformOnly,
    offset,
    PAGE_SIZE,
    merged.compare,
  );
  const confirmed = await confirmations(
    db,
    rows.filter((row) => row.source !== "platform").map((row) => row.id),
  );
  const sort = sortSpec(filters, scope.stores);
  return {
    rows: rows.map((row) => ({
      ...row,
      confirmedAt: confirmed.get(row.id)?.at ?? null,
      confirmedBy: confirmed.get(row.id)?.by ?? null,
    })),
    total,
    totalCapped: merged.local.capped,
    page: filters.page,
    pageSize: PAGE_SIZE,
    pageCount: Math.max(1, Math.ceil(total / PAGE_SIZE)),
    sort: sort.sort,
    dir: sort.dir,
    fromDay: merged.range.fromDay,
    toDay: merged.range.toDay,
    warnings: merged.warnings,
  };
}

/** Every matching order (up to EXPORT_LIMIT), with Comanda's raw details, for the exports. */
export async function historyForExport(
  db: Database,
  scope: HistoryScope,
  filters: HistoryFilters,
): Promise<{ rows: LocalRow[]; warnings: HistoryWarning[]; range: DateRange }> {
  const merged = await collect(db, scope, filters, { offset: 0, limit: EXPORT_LIMIT }, true);
  return {
    rows: [...merged.local.rows, ...merged.platformOnly].sort(merged.compare),
    warnings: merged.warnings,
    range: merged.range,
  };
}
