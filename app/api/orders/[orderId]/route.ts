import { z } from "zod";
import { parseInput, withSession } from "@/lib/api/handler";
import { storeOfOrder } from "@/lib/auth/kitchen";
import { getDb } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { findOrder, getOrderTimeline } from "@/lib/db/order-reads";

export const dynamic = "force-dynamic";

const paramsSchema = z.object({ orderId: z.string().min(1).max(100) });

/**
 * One order for review: its card, the platform's details as received, and its timeline (platform
 * events and staff actions, with who did each).
 */
export const GET = withSession<{ orderId: string }>(
  { role: "kitchen", store: ({ orderId }) => storeOfOrder(orderId) },
  async (_request, params) => {
    const { orderId } = parseInput(paramsSchema, params);
    const db = await getDb();
    const order = await findOrder(db, orderId);
    if (!order) throw new AppError("not_found", "This order is not known to Comanda.");
    return Response.json({
      order: order.board,
      details: order.details,
      detailsError: order.detailsError,
      timeline: await getOrderTimeline(db, orderId),
    });
  },
);
