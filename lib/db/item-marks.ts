import "server-only";
import { and, eq } from "drizzle-orm";
import type { BoardOrder } from "@/lib/contract/board";
import { AppError } from "@/lib/errors";
import type { Database } from "./client";
import { writeBoard } from "./board-writes";
import { reprojectOrder } from "./order-writes";
import { itemMarks, orders } from "./schema";

export interface ItemMark {
  storeId: string;
  orderId: string;
  line: number;
  done: boolean;
  /** Who marked it: the cook's or the user's name. */
  actor: string;
}

/**
 * Marks a ticket's line done (or not) and recomputes the order's card, which the board's stream
 * then carries to every tablet of the store. Marking twice changes nothing but the attribution.
 */
export function setItemMark(db: Database, mark: ItemMark): Promise<BoardOrder> {
  return writeBoard(db, async (tx) => {
    const [order] = await tx
      .select({ board: orders.board })
      .from(orders)
      .where(and(eq(orders.id, mark.orderId), eq(orders.storeId, mark.storeId)));
    if (!order) throw new AppError("not_found", "This order is not on the board.");
    const lineCount = order.board.lines?.length ?? 0;
    if (mark.line >= lineCount)
      throw new AppError("bad_request", `Invalid request — line: the order has ${lineCount} lines.`);
    const key = and(
      eq(itemMarks.storeId, mark.storeId),
      eq(itemMarks.orderId, mark.orderId),
      eq(itemMarks.line, mark.line),
    );
    if (mark.done)
      await tx
        .insert(itemMarks)
        .values({ storeId: mark.storeId, orderId: mark.orderId, line: mark.line, markedBy: mark.actor })
        .onConflictDoUpdate({
          target: [itemMarks.storeId, itemMarks.orderId, itemMarks.line],
          set: { markedBy: mark.actor, markedAt: new Date() },
        });
    else await tx.delete(itemMarks).where(key);
    return reprojectOrder(tx, { id: mark.orderId, storeId: mark.storeId });
  });
}
