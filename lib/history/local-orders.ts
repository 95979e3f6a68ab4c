import "server-only";
import { and, asc, count, desc, eq, gte, inArray, lt, or, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Database } from "@/lib/db";
import { orders } from "@/lib/db/schema";
import { BOARD_COLUMNS, type BoardOrder } from "@/lib/contract/board";
import { foldText, type DateRange } from "./filters";
import { type HistoryFilters } from "@/lib/contract/history";
import { TYPE_ORDER, UNKNOWN_RANK, type SortSpec } from "./sorting";
import type { HistoryRow } from "./types";

const displayId = sql<string>`(${orders.board}->>'displayId')`;
const orderType = sql<string>`(${orders.board}->>'type')`;
const customerName = sql<string | null>`(${orders.board}->>'customerName')`;
const phone = sql<string | null>`(${orders.details}->'customer'->'phone'->>'number')`;

// Accent folding in SQL without the unaccent extension (PGlite has none): the letters Portuguese
// and Spanish names use. The search text is folded the same way in JavaScript.
const FROM_ACCENTED = "áàâãäåéèêëíìîïóòôõöúùûüçñý";
const TO_PLAIN = "aaaaaaeeeeiiiiooooouuuucny";
const folded = (expression: SQL) => sql`translate(lower(coalesce(${expression}, '')), ${FROM_ACCENTED}, ${TO_PLAIN})`;

const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The WHERE of a history query: stores in scope, dates, status, type and the search text. */
function conditions(storeIds: readonly string[], filters: HistoryFilters, range: DateRange): SQL | undefined {
  const parts: Array<SQL | undefined> = [
    inArray(orders.storeId, [...storeIds]),
    gte(orders.placedAt, range.from),
    lt(orders.placedAt, range.to),
    filters.status ? eq(orders.boardColumn, filters.status) : undefined,
    filters.type ? sql`${orderType} = ${filters.type}` : undefined,
  ];
  if (filters.q) {
    const q = filters.q.trim();
    const digits = q.replace(/\D/g, "");
    const searches: SQL[] = [
      sql`lower(${displayId}) like ${`${likeEscape(q.replace(/^#/, "").toLowerCase())}%`}`,
      sql`${folded(customerName)} like ${`%${likeEscape(foldText(q))}%`}`,
    ];
    // Phones are stored as the platform sent them ("(11) 98765-4321", "+5511…"): compare digits.
    if (digits.length >= 4 && digits.length >= q.replace(/[\s()+\-.]/g, "").length) {
      searches.push(sql`regexp_replace(coalesce(${phone}, ''), ${"[^0-9]"}, '', 'g') like ${`%${digits}%`}`);
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

/** ORDER BY of a sort: the same keys, directions and tie-break as rowComparator. */
function orderBy(spec: SortSpec): SQL[] {
  const newestFirst = [desc(orders.placedAt), desc(orders.id)];
  const direction = (expression: SQL) =>
    spec.dir === "asc" ? sql`${expression} asc nulls last` : sql`${expression} desc nulls last`;
  switch (spec.sort) {
    case "placedAt":
      return spec.dir === "desc" ? newestFirst : [asc(orders.placedAt), asc(orders.id)];
    case "store":
      return [direction(rankOf(orders.storeId, [...spec.storeRank])), ...newestFirst];
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
    case "status":
      return [
        direction(
          rankOf(
            orders.boardColumn,
            BOARD_COLUMNS.map((column, index) => [column, index] as const),
          ),
        ),
        ...newestFirst,
      ];
    case "total":
      return [direction(sql`round(((${orders.board}->'total'->>'value')::numeric) * 100)`), ...newestFirst];
  }
}

export interface LocalRow extends HistoryRow {
  /** The raw platform details (CSV export only). */
  details?: unknown;
}

interface RowData {
  id: string;
  storeId: string;
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

/** Comanda's orders matching the filters: `limit` rows from `offset` in the sort's order, and how many match. */
export async function queryLocalOrders(
  db: Database,
  scope: { storeIds: readonly string[]; storeNames: ReadonlyMap<string, string> },
  filters: HistoryFilters,
  range: DateRange,
  options: { limit: number; offset?: number; sort: SortSpec; withDetails?: boolean },
): Promise<{ rows: LocalRow[]; total: number }> {
  if (scope.storeIds.length === 0) return { rows: [], total: 0 };
  const where = conditions(scope.storeIds, filters, range);
  // A search reads every order's JSON: one scan then gives the rows and how many match (a window
  // count). Without one, the index gives the page's rows directly and a count apart is cheaper.
  const counted = Boolean(filters.q);
  const data = await db
    .select({
      id: orders.id,
      storeId: orders.storeId,
      board: orders.board,
      boardColumn: orders.boardColumn,
      placedAt: orders.placedAt,
      phone,
      matching: counted ? sql<string>`count(*) over ()` : sql<string>`null`,
      ...(options.withDetails ? { details: orders.details } : {}),
    })
    .from(orders)
    .where(where)
    .orderBy(...orderBy(options.sort))
    .limit(options.limit)
    .offset(options.offset ?? 0);
  const rows = data.map((item) => {
    const row: LocalRow = toRow(item, scope.storeNames);
    if (options.withDetails) row.details = (item as { details?: unknown }).details;
    return row;
  });
  // (A page past the last row has no row to carry the window count: count apart then too.)
  const total =
    counted && data.length > 0
      ? Number(data[0]!.matching)
      : Number((await db.select({ total: count() }).from(orders).where(where))[0]?.total ?? 0);
  return { rows, total };
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
