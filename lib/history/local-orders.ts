import "server-only";
import { and, asc, count, desc, eq, gte, inArray, like, lt, notInArray, or, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Database } from "@/lib/db";
import { orders } from "@/lib/db/schema";
import { BOARD_COLUMNS, type BoardOrder } from "@/lib/contract/board";
import { foldText, type DateRange } from "./filters";
import { type HistoryFilters } from "@/lib/contract/history";
import { TYPE_ORDER, typeRank, UNKNOWN_RANK, type SortPosition, type SortSpec } from "./sorting";
import type { HistoryRow } from "./types";

const orderType = sql<string>`(${orders.board}->>'type')`;
const phone = sql<string | null>`(${orders.details}->'customer'->'phone'->>'number')`;

const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * A known type is its rank, the column the database keeps (type_rank, 0031): the planner has its
 * statistics and reads the type's orders from orders_type_placed_idx. Compared in the order's JSON
 * it guessed a handful, and counted a page's matches over a parallel scan reading every order's
 * board (1M orders on PostgreSQL: 457 ms; by rank 15 ms). Any other type is compared in the JSON.
 */
function typeCondition(type: string): SQL {
  const rank = typeRank(type);
  return rank === UNKNOWN_RANK ? sql`${orderType} = ${type}` : eq(orders.typeRank, rank);
}

/**
 * The WHERE of a history query: stores in scope, dates, channel, status, type and the search text
 * (a channel's orders are read from orders_channel_placed_idx, 0021). The
 * search compares the columns migration 0019 keeps (folded name, phone digits, display id), which
 * a trigram index serves: a search no longer reads every order's JSON.
 */
function conditions(storeIds: readonly string[], filters: HistoryFilters, range: DateRange): SQL | undefined {
  const parts: Array<SQL | undefined> = [
    inArray(orders.storeId, [...storeIds]),
    gte(orders.placedAt, range.from),
    lt(orders.placedAt, range.to),
    filters.channel ? eq(orders.channelId, filters.channel) : undefined,
    filters.status ? eq(orders.boardColumn, filters.status) : undefined,
    filters.type ? typeCondition(filters.type) : undefined,
  ];
  if (filters.q) {
    const q = filters.q.trim();
    const digits = q.replace(/\D/g, "");
    const searches: SQL[] = [
      like(orders.searchDisplayId, `${likeEscape(q.replace(/^#/, "").toLowerCase())}%`),
      like(orders.searchName, `%${likeEscape(foldText(q))}%`),
    ];
    // Phones are stored as the platform sent them ("(11) 98765-4321", "+5511…"): compare digits.
    if (digits.length >= 4 && digits.length >= q.replace(/[\s()+\-.]/g, "").length) {
      searches.push(like(orders.phoneDigits, `%${digits}%`));
    }
    parts.push(or(...searches));
  }
  return and(...parts);
}

/**
 * One stretch of a history query read in the sort's order: its WHERE and ORDER BY. Keyset paging
 * (issue 31): a page is the rows after a position (its cursor), so its cost does not grow with
 * its depth and rows that arrive between two pages never shift one onto the next twice.
 */
interface Segment {
  where: SQL | undefined;
  orderBy: SQL[];
}

/** How a traversal orders: the key's direction, where missing keys go, and the time's direction. */
interface Traversal {
  keyAsc: boolean;
  nullsLast: boolean;
  newestFirst: boolean;
}

function traversal(spec: SortSpec, reversed: boolean): Traversal {
  const normal: Traversal = {
    keyAsc: spec.dir === "asc",
    nullsLast: true,
    newestFirst: spec.sort === "placedAt" ? spec.dir === "desc" : true,
  };
  return reversed ? { keyAsc: !normal.keyAsc, nullsLast: !normal.nullsLast, newestFirst: !normal.newestFirst } : normal;
}

/** Rows after the position among those of the same key: time, then id. */
function tieAfter(position: SortPosition, way: Traversal): SQL {
  const at = new Date(position.placedAt);
  // The time's own bound first: an index on (…, time, id) is entered at the position.
  return way.newestFirst
    ? sql`(${orders.placedAt} <= ${at} and (${orders.placedAt} < ${at} or ${orders.id} < ${position.id}))`
    : sql`(${orders.placedAt} >= ${at} and (${orders.placedAt} > ${at} or ${orders.id} > ${position.id}))`;
}

function timeOrder(way: Traversal): SQL[] {
  return way.newestFirst ? [desc(orders.placedAt), desc(orders.id)] : [asc(orders.placedAt), asc(orders.id)];
}

/**
 * Rows with a key after the position's (a key there is): the key's own bound first, so the index
 * on (key, time, id) is entered at the position as tieAfter enters the time's.
 */
function keyAfter(key: SQL, position: SortPosition & { key: number }, way: Traversal): SQL {
  const bound = way.keyAsc ? sql`${key} >= ${position.key}` : sql`${key} <= ${position.key}`;
  const beyond = way.keyAsc ? sql`${key} > ${position.key}` : sql`${key} < ${position.key}`;
  return sql`(${bound} and (${beyond} or (${key} = ${position.key} and ${tieAfter(position, way)})))`;
}

/** A key's order where every key is there: the nulls placed as the index's scan meets them. */
function keyOrder(key: SQL, way: Traversal): SQL {
  return way.keyAsc ? sql`${key} asc nulls first` : sql`${key} desc nulls last`;
}

/** -1, 0, 1: where key a stands against key b in a traversal (missing keys at its end or start). */
function compareKeys(a: number | null, b: number | null, way: Traversal): number {
  if (a === b) return 0;
  if (a === null) return way.nullsLast ? 1 : -1;
  if (b === null) return way.nullsLast ? -1 : 1;
  return (way.keyAsc ? 1 : -1) * Math.sign(a - b);
}

/**
 * The segments a sort reads, in order, after `after` (from the start when absent); `reversed`
 * walks backwards (a previous page). The store, status and type sorts read group by group from an
 * index in time order (store + time, status + time, type rank + time): sorting every row of the
 * range by a CASE cost 200–450 ms at 100,000 orders. The total sort orders by its cents, the
 * orders without a total apart.
 */
function segments(
  spec: SortSpec,
  storeIds: readonly string[],
  where: SQL | undefined,
  after: SortPosition | undefined,
  reversed: boolean,
): Segment[] {
  const way = traversal(spec, reversed);
  const groups = rankGroups(spec, storeIds);
  if (groups) {
    const ordered = [...groups].sort((a, b) => compareKeys(a.key, b.key, way));
    return ordered.flatMap((group) => {
      const place = after ? compareKeys(group.key, after.key, way) : 1;
      if (place < 0) return [];
      return [
        {
          where: and(where, group.condition, place === 0 && after ? tieAfter(after, way) : undefined),
          orderBy: timeOrder(way),
        },
      ];
    });
  }
  const key = keyExpression(spec);
  if (!key) return [{ where: and(where, after ? tieAfter(after, way) : undefined), orderBy: timeOrder(way) }];
  // The orders with a key by it, and those without one by time, last (or first, walking back):
  // two reads, each entered at the cursor by an index bound, so a deep page costs what the first
  // does (one read with "or key is null" scanned every row before the cursor: 7,500 at page 150).
  const keyed = (bounded: boolean): Segment => ({
    where: and(
      where,
      sql`${key} is not null`,
      bounded && after && after.key !== null ? keyAfter(key, { ...after, key: after.key }, way) : undefined,
    ),
    orderBy: [keyOrder(key, way), ...timeOrder(way)],
  });
  const keyless = (tied: boolean): Segment => ({
    where: and(where, sql`${key} is null`, tied && after ? tieAfter(after, way) : undefined),
    orderBy: timeOrder(way),
  });
  if (!after) return way.nullsLast ? [keyed(false), keyless(false)] : [keyless(false), keyed(false)];
  if (after.key === null) return way.nullsLast ? [keyless(true)] : [keyless(true), keyed(false)];
  return way.nullsLast ? [keyed(true), keyless(false)] : [keyed(true)];
}

/** The SQL of a sort's key, as sorting.ts's primaryKey gives it; null for time. */
function keyExpression(spec: SortSpec): SQL | null {
  return spec.sort === "total" ? sql`${orders.totalCents}` : null;
}

/**
 * The store, status and type sorts' groups: each value's rows (the key the group's rows share),
 * read from an index in time order. Null for the other sorts.
 */
function rankGroups(spec: SortSpec, storeIds: readonly string[]): Array<{ key: number | null; condition: SQL }> | null {
  const byRank = (values: ReadonlyArray<readonly [string, number]>, column: AnyPgColumn) =>
    [...new Set(values.map(([, rank]) => rank))].map((rank) => ({
      key: rank,
      condition: inArray(
        column,
        values.filter(([, r]) => r === rank).map(([value]) => value),
      ),
    }));
  switch (spec.sort) {
    case "store":
      return byRank(
        storeIds.map((id) => [id, spec.storeRank.get(id) ?? UNKNOWN_RANK] as const),
        orders.storeId,
      );
    case "status":
      // A column outside the known ones (none is written) has no key: last, as in rowComparator.
      return [
        ...byRank(
          BOARD_COLUMNS.map((column, index) => [column, index] as const),
          orders.boardColumn,
        ),
        { key: null, condition: notInArray(orders.boardColumn, [...BOARD_COLUMNS]) },
      ];
    case "type":
      // The rank the database keeps (type_rank, 0031): a type outside TYPE_ORDER is UNKNOWN_RANK.
      return [...TYPE_ORDER.map((_, rank) => rank), UNKNOWN_RANK].map((rank) => ({
        key: rank,
        condition: eq(orders.typeRank, rank),
      }));
    case "placedAt":
    case "total":
      return null;
  }
}

export interface LocalRow extends HistoryRow {
  /** The raw platform details (CSV export only). */
  details?: unknown;
}

interface RowData {
  id: string;
  storeId: string;
  channelId: string;
  board: BoardOrder;
  boardColumn: string;
  placedAt: Date;
  phone: string | null;
  totalCents: number | null;
}

function toRow(data: RowData, storeNames: ReadonlyMap<string, string>): HistoryRow {
  return {
    id: data.id,
    storeId: data.storeId,
    storeName: storeNames.get(data.storeId) ?? data.storeId,
    // Named by the history from the restaurants' channels (withChannelNames).
    channelId: data.channelId,
    channelLabel: null,
    channelColor: null,
    platformName: null,
    displayId: data.board.displayId || null,
    placedAt: data.placedAt.toISOString(),
    type: data.board.type || null,
    column: data.board.column,
    platformStatus: null,
    statusesDiffer: false,
    customerName: data.board.customerName,
    phone: data.phone,
    total: data.board.total,
    totalCents: data.totalCents === null ? null : Number(data.totalCents),
    source: "comanda",
  };
}

export interface LocalQuery {
  limit: number;
  sort: SortSpec;
  /** The rows after this position in the sort (from the first row when absent). */
  after?: SortPosition;
  /** Walk backwards: the rows before `after`, nearest first (a previous page). */
  reversed?: boolean;
  withDetails?: boolean;
}

/** Comanda's orders matching the filters: `limit` rows after a position, in the sort's order. */
export async function queryLocalOrders(
  db: Database,
  scope: { storeIds: readonly string[]; storeNames: ReadonlyMap<string, string> },
  filters: HistoryFilters,
  range: DateRange,
  options: LocalQuery,
): Promise<LocalRow[]> {
  if (scope.storeIds.length === 0) return [];
  const where = conditions(scope.storeIds, filters, range);
  const data = [];
  for (const segment of segments(options.sort, scope.storeIds, where, options.after, options.reversed ?? false)) {
    if (data.length >= options.limit) break;
    data.push(
      ...(await db
        .select({
          id: orders.id,
          storeId: orders.storeId,
          channelId: orders.channelId,
          board: orders.board,
          boardColumn: orders.boardColumn,
          placedAt: orders.placedAt,
          phone,
          totalCents: orders.totalCents,
          ...(options.withDetails ? { details: orders.details } : {}),
        })
        .from(orders)
        .where(segment.where)
        .orderBy(...segment.orderBy)
        .limit(options.limit - data.length)),
    );
  }
  return data.map((item) => {
    const row: LocalRow = toRow(item, scope.storeNames);
    if (options.withDetails) row.details = (item as { details?: unknown }).details;
    return row;
  });
}

/**
 * How many of Comanda's orders match after a position, counting no further than `limit` (each
 * scan stops there): a page never counts the whole table, yet the manager knows more follow.
 */
export async function countLocalAfter(
  db: Database,
  storeIds: readonly string[],
  filters: HistoryFilters,
  range: DateRange,
  sort: SortSpec,
  after: SortPosition | undefined,
  limit: number,
): Promise<number> {
  if (storeIds.length === 0) return 0;
  let counted = 0;
  for (const segment of segments(sort, storeIds, conditions(storeIds, filters, range), after, false)) {
    if (counted >= limit) break;
    counted += await countUpTo(db, segment, limit - counted);
  }
  return counted;
}

/**
 * How many orders match, counting no further than `limit` (the scan stops there). In the
 * segment's order: the planner then reads the segment's index from the cursor on and stops at
 * the limit, where an unordered count of a common match could read the whole index into a bitmap
 * first (160 ms at 1,000,000 orders) or scan the table's heap for matches.
 */
async function countUpTo(db: Database, segment: Segment, limit: number): Promise<number> {
  const matching = db
    .select({ one: sql`1` })
    .from(orders)
    .where(segment.where)
    .orderBy(...segment.orderBy)
    .limit(limit)
    .as("matching");
  const [result] = await db.select({ total: count() }).from(matching);
  return Number(result?.total ?? 0);
}

/** Which of these order ids Comanda has (in any store): those are not "platform only". */
export async function knownOrderIds(db: Database, ids: readonly string[]): Promise<Set<string>> {
  const known = new Set<string>();
  for (let start = 0; start < ids.length; start += 500) {
    const chunk = ids.slice(start, start + 500);
    const rows = await db.select({ id: orders.id }).from(orders).where(inArray(orders.id, chunk));
    for (const row of rows) known.add(row.id);
  }
  return known;
}
