import "server-only";
import { and, eq } from "drizzle-orm";
import type { BoardOrder } from "@/lib/contract/board";
import type { RecallRequest } from "@/lib/contract/recall";
import { AppError } from "@/lib/errors";
import { RECALL_ACTION, RECALLABLE_COLUMNS } from "@/lib/orders/lifecycle";
import type { Database } from "./client";
import { writeBoard } from "./board-writes";
import { reprojectOrder } from "./order-writes";
import { orderActions, orders } from "./schema";

export interface Recall extends RecallRequest {
  storeId: string;
  orderId: string;
  /** Who recalled it: the cook's or the user's name. */
  actor: string;
}

/**
 * Takes a bumped card back one column (issue 27, docs/kitchen.md): recorded as a local action of
 * the order ("recall", never sent to the platform, which keeps its status) with who and from
 * where, and the card recomputed, so every tablet of the store gets it through the stream and the
 * order's timeline shows it. A card no longer where the cook saw it is refused (409).
 */
export function recallOrder(db: Database, recall: Recall): Promise<BoardOrder> {
  return writeBoard(db, async (tx) => {
    const [order] = await tx
      .select({ board: orders.board })
      .from(orders)
      .where(and(eq(orders.id, recall.orderId), eq(orders.storeId, recall.storeId)));
    if (!order) throw new AppError("not_found", "This order is not on the board.");
    const { column, displayId } = order.board;
    if (column !== recall.from || !RECALLABLE_COLUMNS.has(column))
      throw new AppError(
        "action_not_allowed",
        `Order ${displayId} cannot be recalled from ${recall.from} (it is ${column}).`,
        undefined,
        { order: order.board },
      );
    const now = new Date();
    await tx.insert(orderActions).values({
      orderId: recall.orderId,
      storeId: recall.storeId,
      action: RECALL_ACTION,
      // Done locally: no platform answer (responseStatus null) is the mark of a local action.
      outcome: "succeeded",
      actor: recall.actor,
      requestBody: { from: recall.from },
      responseStatus: null,
      responseBody: null,
      requestedAt: now,
      completedAt: now,
    });
    const card = await reprojectOrder(tx, { id: recall.orderId, storeId: recall.storeId });
    if (card.column === column)
      throw new AppError("action_not_allowed", `Order ${displayId} has no earlier step to go back to.`, undefined, {
        order: order.board,
      });
    return card;
  });
}
