import "server-only";
import { sql } from "drizzle-orm";
import type { BoardOrder } from "@/lib/contract/board";
import { processSingleton } from "@/lib/process-singleton";
import type { Database, DatabaseTransaction } from "./client";

// Serialises board writes so that sequence numbers commit in order: a stream client that has
// seen N never misses a smaller number committed later. Held only for the write transaction.
const BOARD_WRITE_LOCK = 7_235_001;

/**
 * The channel each board write notifies, in its transaction (so only once it commits): other
 * instances on the same PostgreSQL read the changes and pass them to their streams
 * (lib/realtime/pg-fanout.ts). The payload is small, "store:seq"; the listener reads the rows.
 */
export const BOARD_CHANNEL = "comanda_board";

// Board writes in this process run one at a time, each publishing its change before the next
// starts: stream clients then receive changes in sequence order. Shared across module graphs.
const writeQueue = () => processSingleton("boardWrites", () => ({ tail: Promise.resolve() as Promise<unknown> }));

/**
 * Runs `work` in a transaction that holds the board lock, then publishes the card it returns.
 * Sequence numbers therefore commit, and reach listeners, in increasing order.
 */
export function writeBoard<T extends BoardOrder | BoardOrder[] | null>(
  db: Database,
  work: (tx: DatabaseTransaction) => Promise<T>,
  publish: (change: BoardOrder) => void,
): Promise<T> {
  const changes = (result: T) => (Array.isArray(result) ? result : result ? [result] : []);
  return inBoardWriteOrder(
    db,
    async (tx) => {
      const result = await work(tx);
      const last = changes(result).at(-1);
      if (last) await tx.execute(sql`select pg_notify(${BOARD_CHANNEL}, ${`${last.storeId}:${last.seq}`})`);
      return result;
    },
    (result) => {
      for (const change of changes(result)) publish(change);
    },
  );
}

/**
 * The one place that orders board writes: after every earlier one of this process, in a
 * transaction holding the global board lock, with `settle` run before the next write starts.
 * A different ordering (per store, say) replaces this function alone.
 */
function inBoardWriteOrder<T>(
  db: Database,
  work: (tx: DatabaseTransaction) => Promise<T>,
  settle: (result: T) => void,
): Promise<T> {
  const queue = writeQueue();
  const run = queue.tail.then(async () => {
    const result = await db.transaction(async (tx) => {
      // Also orders writers in other processes sharing one PostgreSQL.
      await tx.execute(sql`select pg_advisory_xact_lock(${BOARD_WRITE_LOCK})`);
      return work(tx);
    });
    settle(result);
    return result;
  });
  queue.tail = run.catch(() => undefined);
  return run;
}
