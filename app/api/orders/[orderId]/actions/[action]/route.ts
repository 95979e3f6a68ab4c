import { z } from "zod";
import { parseInput, readJson, withSession } from "@/lib/api/handler";
import { requireActor, storeOfOrder } from "@/lib/auth/kitchen";
import { confirmOrder } from "@/lib/sync/order-actions";

export const dynamic = "force-dynamic";

const paramsSchema = z.object({
  orderId: z.string().min(1).max(100),
  action: z.enum(["confirm"], { error: "unknown action" }),
});

const confirmSchema = z
  .object({ preparationTime: z.number().int().min(1).max(240).optional() })
  .strict();

/** Performs an order action on the platform and answers with the order's new card. */
export const POST = withSession<{ orderId: string; action: string }>(
  { role: "kitchen", store: ({ orderId }) => storeOfOrder(orderId) },
  async (request, params, viewer) => {
  const { orderId } = parseInput(paramsSchema, params);
  const body = parseInput(confirmSchema, await readJson(request));
  const actor = requireActor(viewer);
  const order = await confirmOrder({ orderId, preparationTime: body.preparationTime, actor });
  return Response.json({ order, actor });
  },
);
