import "server-only";
import { and, asc, eq, gt, gte, inArray, notInArray, or, sql } from "drizzle-orm";
import type { Database } from "@/lib/db";
import { orderActions, orders, platformEvents, stores } from "@/lib/db/schema";
import { FINISHED_WINDOW_MS } from "./lanes";
import { projectOrder } from "./projection";
import type { BoardColumn, BoardOrder, BoardSnapshot, OrderSummary } from "./types";

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

export interface TimelineEntry {
  at: string;
  kind: "event" | "action";
  /** The platform's event type (kept as sent, known or not) or our action's name. */
  name: string;
  /** Actions: succeeded, rejected (the platform's 422) or failed. */
  outcome?: string;
  actor?: string | null;
  responseStatus?: number | null;
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
const writeQueue = globalThis as typeof globalThis & { __comandaBoardWrites?: Promise<unknown> };

/**
 * Runs `work` in a transaction that holds the board lock, then publishes the card it returns.
 * Sequence numbers therefore commit, and reach listeners, in increasing order.
 */
export function writeBoard<T extends BoardOrder | BoardOrder[] | null>(
  db: Database,
  work: (tx: Tx) => Promise<T>,
  publish: (change: BoardOrder) => void,
): Promise<T> {
  const run = (writeQueue.__comandaBoardWrites ?? Promise.resolve()).then(async () => {
    const result = await db.transaction(async (tx) => {
      // Also orders writers in other processes sharing one PostgreSQL.
      await tx.execute(sql`select pg_advisory_xact_lock(${BOARD_WRITE_LOCK})`);
      return work(tx);
    });
    for (const change of Array.isArray(result) ? result : result ? [result] : []) publish(change);
    return result;
  });
  writeQueue.__comandaBoardWrites = run.catch(() => undefined);
  return run;
}

export interface OrderRecord {
  id: string;
  storeId: string;
  summary: OrderSummary | null;
  details: unknown;
  detailsError: string | null;
}

/** Recomputes one order's card; see reprojectOrders. */
export async function reprojectOrder(tx: Tx, order: OrderRecord): Promise<BoardOrder> {
  const [board] = await reprojectOrders(tx, [order]);
  return board!;
}

/**
 * Recomputes orders' cards from everything stored about them and saves each with a new sequence
 * number, in a fixed number of queries whatever the count (a poll can bring hundreds of
 * orders). Call inside writeBoard.
 */
export async function reprojectOrders(tx: Tx, records: readonly OrderRecord[]): Promise<BoardOrder[]> {
  if (records.length === 0) return [];
  const ids = records.map((record) => record.id);
  const events = await tx
    .select({ orderId: platformEvents.orderId, eventType: platformEvents.eventType, at: platformEvents.receivedAt, occurredAt: platformEvents.occurredAt })
    .from(platformEvents)
    .where(inArray(platformEvents.orderId, ids));
  const succeededActions = await tx
    .select({ orderId: orderActions.orderId, action: orderActions.action, at: orderActions.completedAt })
    .from(orderActions)
    .where(and(inArray(orderActions.orderId, ids), eq(orderActions.outcome, "succeeded")));
  const deadlines = await tx
    .select({ id: stores.id, minutes: stores.confirmDeadlineMinutes })
    .from(stores)
    .where(inArray(stores.id, [...new Set(records.map((record) => record.storeId))]));
  const seqs = rowsOf<{ seq: string }>(await tx.execute(sql`select nextval('board_seq') as seq from generate_series(1, ${records.length})`))
    .map((row) => Number(row.seq))
    .sort((a, b) => a - b);

  const now = new Date();
  const rows = records.map((record, index) => {
    const board = projectOrder({
      orderId: record.id,
      storeId: record.storeId,
      summary: record.summary,
      events: events.filter((event) => event.orderId === record.id),
      succeededActions: succeededActions.filter((action) => action.orderId === record.id),
      confirmDeadlineMinutes: deadlines.find((store) => store.id === record.storeId)?.minutes ?? DEFAULT_CONFIRM_DEADLINE_MINUTES,
      seq: seqs[index]!,
    });
    return {
      id: record.id,
      storeId: record.storeId,
      details: record.details,
      summary: record.summary,
      detailsError: record.detailsError,
      board,
      boardColumn: board.column,
      seq: board.seq,
      placedAt: new Date(board.placedAt),
      updatedAt: now,
    };
  });
  await tx
    .insert(orders)
    .values(rows)
    .onConflictDoUpdate({
      target: orders.id,
      set: {
        storeId: sql`excluded.store_id`,
        details: sql`excluded.details`,
        summary: sql`excluded.summary`,
        detailsError: sql`excluded.details_error`,
        board: sql`excluded.board`,
        boardColumn: sql`excluded.board_column`,
        seq: sql`excluded.seq`,
        placedAt: sql`excluded.placed_at`,
        updatedAt: sql`excluded.updated_at`,
      },
    });
  return rows.map((row) => row.board);
}

function storeFilter(storeIds: readonly string[] | undefined) {
  return storeIds ? inArray(orders.storeId, [...storeIds]) : undefined;
}

/** node-postgres returns { rows }, PGlite returns { rows } too; normalise the shape for callers. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export type { Tx as DatabaseTransaction };
