import { z } from "zod";
import { parseInput, respond, withSession } from "@/lib/api/handler";
import { storeOfOrder } from "@/lib/auth/kitchen";
import { orderReviewAnswerSchema } from "@/lib/contract/order-review";
import { getDb } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { toOrderReview } from "@/lib/orders/order-review";
import { findOrder, getOrderTimeline } from "@/lib/db/order-reads";
import { textId } from "@/lib/contract/text";

export const dynamic = "force-dynamic";

const paramsSchema = z.object({ orderId: textId });

/**
 * One order for review: its card, the order reshaped for review (never the platform's raw
 * payload), and its timeline (platform events and staff actions, with who did each).
 */
export const GET = withSession<{ orderId: string }>(
  { role: "kitchen", store: (params) => storeOfOrder(parseInput(paramsSchema, params).orderId) },
  async (_request, params) => {
    const { orderId } = parseInput(paramsSchema, params);
    const db = await getDb();
    const storeId = await storeOfOrder(orderId);
    const order = await findOrder(db, storeId, orderId);
    if (!order) throw new AppError("not_found", "This order is not known to Comanda.");
    return respond(orderReviewAnswerSchema, {
      order: order.board,
      review: toOrderReview(order.details),
      detailsError: order.detailsError,
      timeline: await getOrderTimeline(db, storeId, orderId),
    });
  },
);
