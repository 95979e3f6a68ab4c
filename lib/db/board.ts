import "server-only";
import { and, asc, gt, gte, inArray, notInArray, or, sql } from "drizzle-orm";
import { FINISHED_WINDOW_MS } from "@/lib/orders/lanes";
import type { BoardColumn, BoardOrder, BoardSnapshot } from "@/lib/contract/board";
import type { Database } from "./client";
import { orders } from "./schema";

/** Finished columns: the board keeps their recent orders only. */
const finishedColumns: BoardColumn[] = ["done", "cancelled"];

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

function storeFilter(storeIds: readonly string[] | undefined) {
  return storeIds ? inArray(orders.storeId, [...storeIds]) : undefined;
}
