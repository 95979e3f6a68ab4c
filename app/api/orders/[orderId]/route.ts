import { respond, withOrder } from "@/lib/api/handler";
import { orderReviewAnswerSchema } from "@/lib/contract/order-review";
import { orderParamsSchema } from "@/lib/contract/route-params";
import { getDb } from "@/lib/db";
import { findOrder, getOrderTimeline } from "@/lib/db/order-reads";
import { AppError } from "@/lib/errors";
import { toOrderReview } from "@/lib/orders/order-review";

export const dynamic = "force-dynamic";

/**
 * One order for review: its card, the order reshaped for review (never the platform's raw
 * payload), and its timeline (platform events and staff actions, with who did each).
 */
export const GET = withOrder("kitchen", orderParamsSchema, async (_request, { orderId, storeId }) => {
  const db = await getDb();
  const order = await findOrder(db, storeId, orderId);
  if (!order) throw new AppError("not_found", "This order is not known to Comanda.");
  return respond(orderReviewAnswerSchema, {
    order: order.board,
    review: toOrderReview(order.details),
    detailsError: order.detailsError,
    timeline: await getOrderTimeline(db, storeId, orderId),
  });
});
