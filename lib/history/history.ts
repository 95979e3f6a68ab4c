import "server-only";
import type { Database } from "@/lib/db";
import { DEFAULT_TIME_ZONE } from "@/lib/i18n/config";
import { log } from "@/lib/log";
import { AppError } from "@/lib/errors";
import { channelIndex, channelsOfRestaurants, type ChannelEntry } from "@/lib/db/channel-directory";
import { loadEnabledChannels } from "@/lib/stores/config";
import { sharedZone, storeTimeZones } from "@/lib/stores/time-zones";
import { COUNT_AHEAD, dateRange, PAGE_SIZE, type DateRange } from "./filters";
import { encodeCursor, MAX_PAGE, type HistoryFilters } from "@/lib/contract/history";
import { countLocalAfter, knownOrderIds, queryLocalOrders, type LocalQuery, type LocalRow } from "./local-orders";
import { confirmations } from "./confirmations";
import { platformOnlyRow, platformRowMatches, withPlatformStatus } from "./merge";
import {
  compareToPosition,
  DEFAULT_DIRECTION,
  positionOf,
  rowComparator,
  storeRanks,
  type SortPosition,
  type SortSpec,
} from "./sorting";
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
  local: LocalRow[];
  platformOnly: HistoryRow[];
  warnings: HistoryWarning[];
  range: DateRange;
  compare: (a: HistoryRow, b: HistoryRow) => number;
  sort: SortSpec;
  storeIds: string[];
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

/**
 * Comanda's rows (read while the platform's list is asked for: a page waits for the slower of
 * the two, not for both) and the platform-only rows that match the filters.
 */
async function collect(
  db: Database,
  scope: HistoryScope,
  filters: HistoryFilters,
  query: Omit<LocalQuery, "sort">,
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
  const early = queryLocalOrders(db, { storeIds, storeNames }, filters, range, { ...query, sort });
  // Settled at once if the platform's list throws, so an early read never goes unhandled.
  early.catch(() => undefined);
  const listing = await platformListing(db, stores, filters, range);
  const known = await knownOrderIds(db, [...listing.orders.keys()]);
  const platformOnly = [...listing.orders.values()]
    .filter((listed) => !known.has(listed.order.id))
    .map(platformOnlyRow)
    .filter((row) => platformRowMatches(row, filters));
  const local = await early;
  const zoned = <T extends HistoryRow>(rows: T[]) =>
    withChannelNames(rows, channels).map((row) => ({ ...row, timeZone: zones.get(row.storeId) ?? DEFAULT_TIME_ZONE }));
  return {
    local: zoned(withPlatformStatus(local, listing.orders) as LocalRow[]),
    platformOnly: zoned(platformOnly),
    warnings: listing.warnings,
    range,
    compare: rowComparator(sort),
    sort,
    storeIds,
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
 * both shown), in the chosen sort (newest first by default), PAGE_SIZE rows after (or before) the
 * cursor's row — keyset paging: the database reads the page from an index in the sort's order
 * whatever its depth, and rows arriving between pages neither repeat nor hide one. The matches
 * are counted only up to COUNT_AHEAD past the page ("more than …" beyond), never the whole range.
 */
export async function listHistory(db: Database, scope: HistoryScope, filters: HistoryFilters): Promise<HistoryPage> {
  const cursor = filters.cursor;
  const backwards = cursor?.d === "p";
  const after: SortPosition | undefined = cursor ? { key: cursor.k, placedAt: cursor.t, id: cursor.i } : undefined;
  // One row more than the page: whether a page lies beyond, in the direction read.
  const merged = await collect(db, scope, filters, { limit: PAGE_SIZE + 1, after, reversed: backwards });
  const { sort, compare } = merged;
  const beyond = (row: HistoryRow) => !after || compareToPosition(row, after, sort) * (backwards ? -1 : 1) > 0;
  const read = [...merged.local, ...merged.platformOnly.filter(beyond)]
    .sort(backwards ? (a, b) => compare(b, a) : compare)
    .slice(0, PAGE_SIZE + 1);
  // Back at the top (fewer rows before than a page): the first page, whole.
  if (backwards && read.length < PAGE_SIZE + 1) return listHistory(db, scope, { ...filters, cursor: undefined });
  const more = read.length > PAGE_SIZE;
  const rows = read.slice(0, PAGE_SIZE);
  if (backwards) rows.reverse();
  const page = cursor ? cursor.p : 1;
  const first = rows[0];
  const last = rows.at(-1);
  const at = (row: HistoryRow, d: "n" | "p", p: number) => {
    const position = positionOf(row, sort);
    return encodeCursor({ d, k: position.key, t: position.placedAt, i: position.id, p });
  };
  const hasNext = backwards || more;
  const hasPrevious = backwards ? more : cursor !== undefined;
  // Counted after the page's last row, up to COUNT_AHEAD: the manager sees "more than" beyond.
  const ahead =
    hasNext && last
      ? Math.min(
          COUNT_AHEAD + 1,
          (await countLocalAfter(
            db,
            merged.storeIds,
            filters,
            merged.range,
            sort,
            positionOf(last, sort),
            COUNT_AHEAD + 1,
          )) + merged.platformOnly.filter((row) => compareToPosition(row, positionOf(last, sort), sort) > 0).length,
        )
      : 0;
  const total = (page - 1) * PAGE_SIZE + rows.length + Math.min(ahead, COUNT_AHEAD);
  const confirmed = await confirmations(
    db,
    rows.filter((row) => row.source !== "platform").map((row) => row.id),
  );
  return {
    rows: rows.map((row) => ({
      ...row,
      // The sort's key is the server's: not sent.
      totalCents: undefined,
      confirmedAt: confirmed.get(row.id)?.at ?? null,
      confirmedBy: confirmed.get(row.id)?.by ?? null,
    })),
    total,
    totalCapped: ahead > COUNT_AHEAD,
    page,
    next: hasNext && last ? at(last, "n", Math.min(page + 1, MAX_PAGE)) : null,
    previous: hasPrevious && first ? at(first, "p", Math.max(1, page - 1)) : null,
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
  const merged = await collect(db, scope, filters, { limit: EXPORT_LIMIT, withDetails: true });
  return {
    rows: [...merged.local, ...merged.platformOnly].sort(merged.compare),
    warnings: merged.warnings,
    range: merged.range,
  };
}
