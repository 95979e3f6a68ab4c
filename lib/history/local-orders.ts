import "server-only";
import { and, asc, count, desc, eq, gte, inArray, like, lt, notInArray, or, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Database } from "@/lib/db";
import { orders } from "@/lib/db/schema";
import { BOARD_COLUMNS, type BoardOrder } from "@/lib/contract/board";
import { foldText, type DateRange } from "./filters";
import { type HistoryFilters } from "@/lib/contract/history";
import { TYPE_ORDER, UNKNOWN_RANK, type SortSpec } from "./sorting";
import type { HistoryRow } from "./types";

const orderType = sql<string>`(${orders.board}->>'type')`;
const phone = sql<string | null>`(${orders.details}->'customer'->'phone'->>'number')`;

const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

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
    filters.type ? sql`${orderType} = ${filters.type}` : undefined,
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

/** A CASE giving each listed value its index (UNKNOWN_RANK otherwise), as in lib/history/sorting.ts. */
function rankOf(expression: SQL | AnyPgColumn, values: ReadonlyArray<readonly [string, number]>): SQL {
  if (values.length === 0) return sql`${UNKNOWN_RANK}`;
  const cases = values.map(([value, rank]) => sql`when ${value} then ${rank}`);
  return sql`(case ${expression} ${sql.join(cases, sql` `)} else ${UNKNOWN_RANK} end)`;
}

/** ORDER BY of a sort: the same keys, directions and tie-break as rowComparator (with rankGroups). */
function orderBy(spec: SortSpec): SQL[] {
  const newestFirst = [desc(orders.placedAt), desc(orders.id)];
  const direction = (expression: SQL) =>
    spec.dir === "asc" ? sql`${expression} asc nulls last` : sql`${expression} desc nulls last`;
  switch (spec.sort) {
    case "placedAt":
      return spec.dir === "desc" ? newestFirst : [asc(orders.placedAt), asc(orders.id)];
    case "store":
    case "status":
      // Within each group of equal rank, read one after another (rankGroups).
      return newestFirst;
    case "type":
      return [
        direction(
          rankOf(
            orderType,
            TYPE_ORDER.map((type, index) => [type, index] as const),
          ),
        ),
        ...newestFirst,
      ];
    case "total":
      return [direction(sql`${orders.totalCents}`), ...newestFirst];
  }
}

/**
 * The store and status sorts rank a column with few values, then newest first: their rows are
 * the groups of equal rank one after another. Read group by group from an index in time order
 * (store + time, status + time), a page costs what a time-sorted page does; sorting every row of
 * the range by a CASE cost 300–450 ms at 100,000 orders. Null for the other sorts.
 */
function rankGroups(spec: SortSpec, storeIds: readonly string[]): SQL[] | null {
  const inOrder = (values: ReadonlyArray<readonly [string, number]>, column: AnyPgColumn) => {
    const ranks = [...new Set(values.map(([, rank]) => rank))].sort((a, b) => (spec.dir === "asc" ? a - b : b - a));
    return ranks.map((rank) =>
      inArray(
        column,
        values.filter(([, r]) => r === rank).map(([value]) => value),
      ),
    );
  };
  switch (spec.sort) {
    case "store":
      return inOrder(
        storeIds.map((id) => [id, spec.storeRank.get(id) ?? UNKNOWN_RANK] as const),
        orders.storeId,
      );
    case "status":
      // A column outside the known ones (none is written) goes last either way, as in rowComparator.
      return [
        ...inOrder(
          BOARD_COLUMNS.map((column, index) => [column, index] as const),
          orders.boardColumn,
        ),
        notInArray(orders.boardColumn, [...BOARD_COLUMNS]),
      ];
    case "placedAt":
    case "type":
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
    source: "comanda",
  };
}

/**
 * Comanda's orders matching the filters: `limit` rows from `offset` in the sort's order, and, when
 * `countUpTo` is given, how many match — counted up to that many and no further (`capped` says
 * there are more): a page never counts the whole table, yet the manager still knows more follow.
 */
export async function queryLocalOrders(
  db: Database,
  scope: { storeIds: readonly string[]; storeNames: ReadonlyMap<string, string> },
  filters: HistoryFilters,
  range: DateRange,
  options: { limit: number; offset?: number; sort: SortSpec; withDetails?: boolean; countUpTo?: number },
): Promise<{ rows: LocalRow[]; total: number; capped: boolean }> {
  if (scope.storeIds.length === 0) return { rows: [], total: 0, capped: false };
  const where = conditions(scope.storeIds, filters, range);
  const select = (condition: SQL | undefined) =>
    db
      .select({
        id: orders.id,
        storeId: orders.storeId,
        channelId: orders.channelId,
        board: orders.board,
        boardColumn: orders.boardColumn,
        placedAt: orders.placedAt,
        phone,
        ...(options.withDetails ? { details: orders.details } : {}),
      })
      .from(orders)
      .where(condition);
  const groups = rankGroups(options.sort, scope.storeIds);
  const reading = groups
    ? readGroups(db, where, groups, options.offset ?? 0, options.limit, (condition, offset, limit) =>
        select(condition)
          .orderBy(...orderBy(options.sort))
          .offset(offset)
          .limit(limit),
      )
    : select(where)
        .orderBy(...orderBy(options.sort))
        .limit(options.limit)
        .offset(options.offset ?? 0);
  const [data, matching] = await Promise.all([
    reading,
    options.countUpTo === undefined ? Promise.resolve(0) : countUpTo(db, where, options.countUpTo + 1),
  ]);
  const rows = data.map((item) => {
    const row: LocalRow = toRow(item, scope.storeNames);
    if (options.withDetails) row.details = (item as { details?: unknown }).details;
    return row;
  });
  const cap = options.countUpTo ?? 0;
  return { rows, total: Math.min(matching, cap), capped: matching > cap };
}

/**
 * `limit` rows from `offset` of groups read one after another, each newest first: a group wholly
 * before the page is only counted (no further than the rows still to skip).
 */
async function readGroups<Row>(
  db: Database,
  where: SQL | undefined,
  groups: readonly SQL[],
  offset: number,
  limit: number,
  read: (condition: SQL | undefined, offset: number, limit: number) => Promise<Row[]>,
): Promise<Row[]> {
  const rows: Row[] = [];
  let skip = offset;
  for (const group of groups) {
    if (rows.length >= limit) break;
    const condition = and(where, group);
    if (skip > 0) {
      const size = await countUpTo(db, condition, skip);
      if (size < skip) {
        skip -= size;
        continue;
      }
    }
    rows.push(...(await read(condition, skip, limit - rows.length)));
    skip = 0;
  }
  return rows;
}

/** How many orders match, counting no further than `limit` (the scan stops there). */
async function countUpTo(db: Database, where: SQL | undefined, limit: number): Promise<number> {
  const matching = db
    .select({ one: sql`1` })
    .from(orders)
    .where(where)
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
