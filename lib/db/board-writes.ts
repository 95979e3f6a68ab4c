import "server-only";
import { sql } from "drizzle-orm";
import { is } from "drizzle-orm/entity";
import { NodePgDatabase, NodePgTransaction } from "drizzle-orm/node-postgres";
import type { BoardOrder } from "@/lib/contract/board";
import { processSingleton } from "@/lib/process/singleton";
import { boardWrites } from "@/lib/realtime/bus";
import { rowsOf } from "./bulk";
import type { Database, DatabaseTransaction } from "./client";
import { boardSeq } from "./schema";

/**
 * Advisory lock namespaces (the two-key form: namespace, key). A store's board writes take
 * (STORE_WRITES, hashtext(store id)) for their transaction, so one store's writes are ordered and
 * other stores' writes go on beside them (a hash collision only makes two stores share a queue).
 * SEQ_GATE is one key: a writer holds it shared from taking its sequence numbers to its commit;
 * a reader takes it exclusively for an instant to learn which numbers are settled (safeBoardSeq).
 */
const STORE_WRITES = 7_235_002;
const SEQ_GATE: [number, number] = [7_235_003, 0];

/**
 * The channel each board write notifies, in its transaction (so only once it commits): other
 * instances on the same PostgreSQL read the changes and pass them to their streams
 * (lib/realtime/pg-fanout.ts). The payload is small, "store:seq"; the listener reads the rows.
 */
export const BOARD_CHANNEL = "comanda_board";

// On PGlite (one connection, one process) board writes run one at a time anyway; they also
// announce in that order, because there the process's bus hands changes straight to the streams,
// which expect increasing sequence numbers. On PostgreSQL the fan-out bus reads changes back from
// the database in sequence order (up to safeBoardSeq), so writes need no process-wide queue.
const writeQueue = () => processSingleton("boardWrites", () => ({ tail: Promise.resolve() as Promise<unknown> }));

/**
 * Whether the transaction is on PostgreSQL, where other sessions and instances exist. PGlite is one
 * session in one process: an advisory lock there is always granted at once (they are per session
 * and re-entrant) and nobody can LISTEN to it from elsewhere, so the locks and the notification
 * below are round trips that change nothing: skipped (issue 31, the webhook path).
 */
const sharedDatabase = (tx: DatabaseTransaction) => is(tx, NodePgTransaction);

/**
 * Runs `work` in a transaction, notifies BOARD_CHANNEL with its last change (PostgreSQL) and, once committed,
 * announces the cards it returns on the process's bus (boardWrites, lib/realtime/bus.ts): every
 * board write reaches the streams without its callers passing anything along. `work` orders
 * itself with its stores' other writes by calling lockStoresForBoard before reading what it
 * projects (reprojectOrders does).
 */
export function writeBoard<T extends BoardOrder | BoardOrder[] | null>(
  db: Database,
  work: (tx: DatabaseTransaction) => Promise<T>,
): Promise<T> {
  const changes = (result: T) => (Array.isArray(result) ? result : result ? [result] : []);
  const run = async () => {
    const result = await db.transaction(async (tx) => {
      const result = await work(tx);
      const last = changes(result).at(-1);
      if (last && sharedDatabase(tx))
        await tx.execute(sql`select pg_notify(${BOARD_CHANNEL}, ${`${last.storeId}:${last.seq}`})`);
      return result;
    });
    const announced = boardWrites();
    for (const change of changes(result)) announced.publish(change);
    return result;
  };
  if (is(db, NodePgDatabase)) return run();
  const queue = writeQueue();
  const next = queue.tail.then(run);
  queue.tail = next.catch(() => undefined);
  return next;
}

/**
 * Orders this transaction after every other board write of these stores (until it ends). Call it
 * before reading what a card is projected from, so the last writer of a store has seen everything
 * committed before it. Stores are locked in one order, so two multi-store writers cannot deadlock.
 */
export async function lockStoresForBoard(tx: DatabaseTransaction, storeIds: readonly string[]): Promise<void> {
  if (!sharedDatabase(tx)) return;
  for (const storeId of [...new Set(storeIds)].sort()) {
    await tx.execute(sql`select pg_advisory_xact_lock(${STORE_WRITES}, hashtext(${storeId}))`);
  }
}

/**
 * Enters the board sequence gate for this transaction (shared, so writers do not wait for each
 * other), before it takes sequence numbers (boardSeqsColumn), until it ends: see safeBoardSeq.
 */
export async function enterBoardSeqGate(tx: DatabaseTransaction): Promise<void> {
  if (sharedDatabase(tx)) await tx.execute(sql`select pg_advisory_xact_lock_shared(${SEQ_GATE[0]}, ${SEQ_GATE[1]})`);
}

/**
 * `count` board sequence numbers taken for this transaction, as a JSON array column of a statement
 * that reads something else (reprojectOrders's read of what it projects): one statement fewer on
 * every board write, six protocol exchanges on PGlite (issue 31, the webhook path). Read them with
 * takenSeqs. The transaction must have entered the gate first.
 */
export const boardSeqsColumn = (count: number) =>
  sql`(select coalesce(json_agg(nextval(${boardSeq.seqName}::regclass)), '[]') from generate_series(1, ${count}))`;

/** The numbers a boardSeqsColumn took, increasing. */
export const takenSeqs = (column: ReadonlyArray<number | string>): number[] => column.map(Number).sort((a, b) => a - b);

/**
 * The highest sequence number below which every change is settled: each number up to it was
 * either committed or abandoned. With writes ordered per store, transactions commit out of
 * sequence order (store A takes 41, store B takes 42 and commits first); a reader that delivered
 * 42 and moved its cursor there would never see 41. Readers therefore read changes up to this
 * number only. Taking the gate exclusively waits for the writers that hold sequence numbers (and
 * keeps new ones from taking any for that instant); the sequence's last value is then settled.
 */
export async function safeBoardSeq(db: Database): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEQ_GATE[0]}, ${SEQ_GATE[1]})`);
    const [row] = rowsOf<{ last: string; called: boolean }>(
      await tx.execute(sql.raw(`select last_value as last, is_called as called from ${boardSeq.seqName}`)),
    );
    if (!row) return 0;
    return row.called ? Number(row.last) : Number(row.last) - 1;
  });
}
