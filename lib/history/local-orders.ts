import "server-only";
import { and, count, desc, eq, gte, inArray, lt, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "@/lib/db";
import { orders } from "@/lib/db/schema";
import type { BoardOrder } from "@/lib/contract/board";
import { foldText, type DateRange, type HistoryFilters } from "./filters";
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

/** Comanda's orders matching the filters: the first `limit` in history order, and how many match. */
export async function queryLocalOrders(
  db: Database,
  scope: { storeIds: readonly string[]; storeNames: ReadonlyMap<string, string> },
  filters: HistoryFilters,
  range: DateRange,
  options: { limit: number; withDetails?: boolean },
): Promise<{ rows: LocalRow[]; total: number }> {
  if (scope.storeIds.length === 0) return { rows: [], total: 0 };
  const where = conditions(scope.storeIds, filters, range);
  const [totals, data] = await Promise.all([
    db.select({ total: count() }).from(orders).where(where),
    db
      .select({
        id: orders.id,
        storeId: orders.storeId,
        board: orders.board,
        boardColumn: orders.boardColumn,
        placedAt: orders.placedAt,
        phone,
        ...(options.withDetails ? { details: orders.details } : {}),
      })
      .from(orders)
      .where(where)
      .orderBy(desc(orders.placedAt), desc(orders.id))
      .limit(options.limit),
  ]);
  const rows = data.map((item) => {
    const row: LocalRow = toRow(item, scope.storeNames);
    if (options.withDetails) row.details = (item as { details?: unknown }).details;
    return row;
  });
  return { rows, total: Number(totals[0]?.total ?? 0) };
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
