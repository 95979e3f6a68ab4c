import { z } from "zod";
import { parseInput, withSession } from "@/lib/api/handler";
import { getOrderAudit } from "@/lib/audit/order-audit";
import { storeOfOrder } from "@/lib/auth/kitchen";

export const dynamic = "force-dynamic";

const paramsSchema = z.object({ orderId: z.string().min(1).max(100) });

/** The order's actions with the staff member recorded for each. */
export const GET = withSession<{ orderId: string }>(
  { role: "kitchen", store: ({ orderId }) => storeOfOrder(orderId) },
  async (_request, params) => {
    const { orderId } = parseInput(paramsSchema, params);
    return Response.json({ entries: await getOrderAudit(orderId) });
  },
);
