import "server-only";
import { and, eq } from "drizzle-orm";
import type { Database } from "@/lib/db";
import { lockStoresForBoard, writeBoard } from "@/lib/db/board-writes";
import { insertEvents } from "@/lib/db/events";
import { reprojectOrder } from "@/lib/db/order-writes";
import { orderActions, orders } from "@/lib/db/schema";
import type { ActionRequest } from "@/lib/contract/action-request";
import type { BoardOrder } from "@/lib/contract/board";
import { AppError } from "@/lib/errors";
import { notAllowed } from "@/lib/actions/not-allowed";
import { EVENT_OF_ACTION } from "@/lib/orders/timeline";
import { enqueuePrintJobs } from "@/lib/printers/jobs";
import { wakePrintWorker } from "@/lib/printers/worker";

// An action on an own channel's order (issue 30): Comanda's record is the order's only record, so
// the action is recorded (with who did it and what they sent, as a platform action's audit) and
// the card moves, in one board write — no platform, no connection, no retry. A cancellation ends
// the order at once, with its reason: there is no platform to accept it, so Comanda writes the
// CANCELLED event a platform would send ("own:<order>:CANCELLED", the reason in its metadata, as
// the card and the history read a platform's).

/** The actions that move an order a stage on (the cancellation family is written above, apart). */
const STAGE_ACTIONS: readonly string[] = [
  "confirm",
  "preparing",
  "readyForPickup",
  "dispatch",
  "delivered",
  "pickedUp",
];

export async function performOwnAction(
  db: Database,
  {
    storeId,
    orderId,
    request,
    actor,
  }: { storeId: string; orderId: string; request: ActionRequest; actor: string | null },
): Promise<BoardOrder> {
  const now = new Date();
  let printJobs = 0;
  const card = await writeBoard(db, async (tx) => {
    // Under the restaurant's write order, read the card again: a second identical tap (here or on
    // another instance) finds the first one's result and is refused instead of recorded twice.
    await lockStoresForBoard(tx, [storeId]);
    const [row] = await tx
      .select({ board: orders.board, channelId: orders.channelId })
      .from(orders)
      .where(and(eq(orders.storeId, storeId), eq(orders.id, orderId)));
    if (!row) throw new AppError("not_found", "This order is not on the board.");
    if (!row.board.actions.includes(request.action)) throw notAllowed(request.action, row.board);
    const { action, ...body } = request;
    await tx.insert(orderActions).values({
      orderId,
      storeId,
      action,
      outcome: "succeeded",
      actor,
      requestBody: Object.keys(body).length > 0 ? body : null,
      requestedAt: now,
    });
    if (request.action === "requestCancellation") {
      const cancelled = {
        eventId: `${orderId}:CANCELLED`,
        orderId,
        eventType: "CANCELLED",
        createdAt: now.toISOString(),
        metadata: { code: request.code, reason: request.reason, origin: "MERCHANT" },
      };
      await insertEvents(tx, { storeId, channelId: row.channelId }, [cancelled]);
    } else if (STAGE_ACTIONS.includes(request.action)) {
      // A stage (confirmed, ready, dispatched…) is the event a platform would send: the reports'
      // stage times and revenue (a sale is a confirmed order) read events, for every channel.
      const eventType = EVENT_OF_ACTION[request.action]!;
      const stage = { eventId: `${orderId}:${eventType}`, orderId, eventType, createdAt: now.toISOString() };
      await insertEvents(tx, { storeId, channelId: row.channelId }, [stage]);
    }
    if (request.action === "confirm") printJobs = await enqueuePrintJobs(tx, { storeId, orderId }, now);
    return reprojectOrder(tx, { id: orderId, storeId });
  });
  if (printJobs > 0) wakePrintWorker();
  return card;
}
