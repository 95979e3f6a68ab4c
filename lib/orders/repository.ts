import "server-only";
import { and, asc, eq, gt, gte, inArray, notInArray, or, sql } from "drizzle-orm";
import type { Database } from "@/lib/db";
import { isAnyOf, jsonRecords, rowsOf } from "@/lib/db/bulk";
import { orderActions, orders, platformEvents, stores } from "@/lib/db/schema";
import { FINISHED_WINDOW_MS } from "./lanes";
import { projectOrder } from "./projection";
import type { BoardColumn, BoardOrder, BoardSnapshot } from "@/lib/contract/board";
import type { TimelineEntry } from "@/lib/contract/order-review";
import type { OrderSummary } from "./types";
import { processSingleton } from "@/lib/process-singleton";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** The platform's usual allowance when a store has none configured. */
const DEFAULT_CONFIRM_DEADLINE_MINUTES = 8;

/** Finished columns: the board keeps their recent orders only. */
const finishedColumns: BoardColumn[] = ["done", "cancelled"];

export { FINISHED_WINDOW_MS };

// Serialises board writes so that sequence numbers commit in order: a stream client that has
// seen N never misses a smaller number committed later. Held only for the write transaction.
const BOARD_WRITE_LOCK = 7_235_001;

export async function getBoardSnapshot(
  db: Database,
  storeIds?: readonly string[],
  now: Date = new Date(),
): Promise<BoardSnapshot> {
  // The high-water mark is read first: a change committed between the two reads is then either
  // in the rows or replayed by the stream (whose client ignores what it already has).
  const [last] = await db.select({ seq: sql<string | null>`max(${orders.seq})` }).from(orders);
  const rows = await db
    .select({ board: orders.board })
    .from(orders)
    .where(
      and(
        // Active orders, plus done/cancelled ones changed in the last two hours.
        or(
          notInArray(orders.boardColumn, finishedColumns),
          gte(orders.updatedAt, new Date(now.getTime() - FINISHED_WINDOW_MS)),
        ),
        storeFilter(storeIds),
      ),
    )
    .orderBy(asc(orders.placedAt));
  return { orders: rows.map((row) => row.board), lastSeq: Number(last?.seq ?? 0) };
}

/** Current cards of every order changed after `seq`, in change order (stream replay). */
export async function getChangesAfter(db: Database, seq: number, storeIds?: readonly string[]): Promise<BoardOrder[]> {
  const rows = await db
    .select({ board: orders.board })
    .from(orders)
    .where(and(gt(orders.seq, seq), storeFilter(storeIds)))
    .orderBy(asc(orders.seq));
  return rows.map((row) => row.board);
}

/** Everything that happened to an order, oldest first: platform events and staff actions. */
export async function getOrderTimeline(db: Database, orderId: string): Promise<TimelineEntry[]> {
  const events = await db
    .select({ eventType: platformEvents.eventType, at: platformEvents.receivedAt })
    .from(platformEvents)
    .where(eq(platformEvents.orderId, orderId));
  const actions = await db.select().from(orderActions).where(eq(orderActions.orderId, orderId));
  return [
    ...events.map((event): TimelineEntry => ({ at: event.at.toISOString(), kind: "event", name: event.eventType })),
    ...actions.map(
      (action): TimelineEntry => ({
        at: action.completedAt.toISOString(),
        kind: "action",
        name: action.action,
        outcome: action.outcome,
        actor: action.actor,
        responseStatus: action.responseStatus,
      }),
    ),
  ].sort((a, b) => a.at.localeCompare(b.at));
}

export async function findOrder(db: Database, orderId: string) {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  return row;
}

// Board writes in this process run one at a time, each publishing its change before the next
// starts: stream clients then receive changes in sequence order. Shared across module graphs.
const writeQueue = () => processSingleton("boardWrites", () => ({ tail: Promise.resolve() as Promise<unknown> }));

/**
 * Runs `work` in a transaction that holds the board lock, then publishes the card it returns.
 * Sequence numbers therefore commit, and reach listeners, in increasing order.
 */
export function writeBoard<T extends BoardOrder | BoardOrder[] | null>(
  db: Database,
  work: (tx: Tx) => Promise<T>,
  publish: (change: BoardOrder) => void,
): Promise<T> {
  const queue = writeQueue();
  const run = queue.tail.then(async () => {
    const result = await db.transaction(async (tx) => {
      // Also orders writers in other processes sharing one PostgreSQL.
      await tx.execute(sql`select pg_advisory_xact_lock(${BOARD_WRITE_LOCK})`);
      return work(tx);
    });
    for (const change of Array.isArray(result) ? result : result ? [result] : []) publish(change);
    return result;
  });
  queue.tail = run.catch(() => undefined);
  return run;
}

/** An order whose card is recomputed from what is stored about it, details included. */
export interface OrderRef {
  id: string;
  storeId: string;
}

/** An order with newly read platform details (raw), our summary of them, or why they are unreadable. */
export interface OrderRecord extends OrderRef {
  summary: OrderSummary | null;
  details: unknown;
  detailsError: string | null;
}

/** Recomputes one order's card; see reprojectOrders. */
export async function reprojectOrder(tx: Tx, order: OrderRecord | OrderRef): Promise<BoardOrder> {
  const [board] = await reprojectOrders(tx, [order]);
  return board!;
}

/**
 * Recomputes orders' cards from everything stored about them and saves each with a new sequence
 * number, in a fixed number of queries whatever the count (a poll can bring hundreds of
 * orders). An OrderRecord also replaces the order's details; an OrderRef keeps the stored ones
 * (read here, inside the transaction, so a concurrent heal is not undone with a stale copy), and
 * they are not written again. Call inside writeBoard.
 */
export async function reprojectOrders(tx: Tx, records: ReadonlyArray<OrderRecord | OrderRef>): Promise<BoardOrder[]> {
  if (records.length === 0) return [];
  const ids = records.map((record) => record.id);
  const kept = records.filter((record) => !("details" in record)).map((record) => record.id);
  const events = await tx
    .select({ orderId: platformEvents.orderId, eventType: platformEvents.eventType, at: platformEvents.receivedAt, occurredAt: platformEvents.occurredAt })
    .from(platformEvents)
    .where(isAnyOf(platformEvents.orderId, ids));
  const succeededActions = await tx
    .select({ orderId: orderActions.orderId, action: orderActions.action, at: orderActions.completedAt })
    .from(orderActions)
    .where(and(isAnyOf(orderActions.orderId, ids), eq(orderActions.outcome, "succeeded")));
  const deadlines = await tx
    .select({ id: stores.id, minutes: stores.confirmDeadlineMinutes })
    .from(stores)
    .where(inArray(stores.id, [...new Set(records.map((record) => record.storeId))]));
  const storedSummaries =
    kept.length === 0 ? [] : await tx.select({ id: orders.id, summary: orders.summary }).from(orders).where(isAnyOf(orders.id, kept));
  const seqs = rowsOf<{ seq: string }>(await tx.execute(sql`select nextval('board_seq') as seq from generate_series(1, ${records.length})`))
    .map((row) => Number(row.seq))
    .sort((a, b) => a - b);

  const eventsByOrder = groupBy(events, (event) => event.orderId);
  const actionsByOrder = groupBy(succeededActions, (action) => action.orderId);
  const summaries = new Map(storedSummaries.map((row) => [row.id, row.summary]));
  const now = new Date().toISOString();
  const replaced: object[] = [];
  const unchanged: object[] = [];
  const boards = records.map((record, index) => {
    const summary = "details" in record ? record.summary : (summaries.get(record.id) ?? null);
    const board = projectOrder({
      orderId: record.id,
      storeId: record.storeId,
      summary,
      events: eventsByOrder.get(record.id) ?? [],
      succeededActions: actionsByOrder.get(record.id) ?? [],
      confirmDeadlineMinutes: deadlines.find((store) => store.id === record.storeId)?.minutes ?? DEFAULT_CONFIRM_DEADLINE_MINUTES,
      seq: seqs[index]!,
    });
    const row = { id: record.id, store_id: record.storeId, summary, board, board_column: board.column, seq: board.seq, placed_at: board.placedAt, updated_at: now };
    if ("details" in record) replaced.push({ ...row, details: record.details, details_error: record.detailsError });
    else unchanged.push(row);
    return board;
  });
  const card = sql`store_id = excluded.store_id, board = excluded.board, board_column = excluded.board_column, seq = excluded.seq, placed_at = excluded.placed_at, updated_at = excluded.updated_at`;
  if (replaced.length > 0) {
    await tx.execute(sql`${upsertOrders(replaced)} ${card}, details = excluded.details, summary = excluded.summary, details_error = excluded.details_error`);
  }
  if (unchanged.length > 0) await tx.execute(sql`${upsertOrders(unchanged)} ${card}`);
  return boards;
}

/** The insert part of an upsert into orders, up to `do update set` (its list is the caller's). */
function upsertOrders(rows: readonly object[]) {
  const columns = "id, store_id, details, summary, details_error, board, board_column, seq, placed_at, updated_at";
  const types = "id text, store_id text, details jsonb, summary jsonb, details_error text, board jsonb, board_column text, seq bigint, placed_at timestamptz, updated_at timestamptz";
  return sql`insert into orders (${sql.raw(columns)}) select ${sql.raw(columns)} from ${jsonRecords(rows, types)} on conflict (id) do update set`;
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group) group.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}

function storeFilter(storeIds: readonly string[] | undefined) {
  return storeIds ? inArray(orders.storeId, [...storeIds]) : undefined;
}

export type { Tx as DatabaseTransaction };
