import { z } from "zod";
import { parseInput, readJson, respond, withSession } from "@/lib/api/handler";
import { requireActor, storeOfOrder } from "@/lib/auth/kitchen";
import { actionRequestSchema } from "@/lib/contract/action-request";
import { ORDER_ACTIONS, orderActionAnswerSchema } from "@/lib/contract/board";
import { getOrderActions } from "@/lib/actions/perform-order-action";
import { textId } from "@/lib/contract/text";

export const dynamic = "force-dynamic";

const paramsSchema = z.object({
  orderId: textId,
  action: z.enum(ORDER_ACTIONS, { error: "unknown action" }),
});

const bodySchema = z.record(z.string(), z.unknown());

/** Performs an order action on the platform and answers with the order's new card. */
export const POST = withSession<{ orderId: string; action: string }>(
  { role: "kitchen", store: (params) => storeOfOrder(parseInput(paramsSchema, params).orderId) },
  async (request, params, viewer) => {
    const { orderId, action } = parseInput(paramsSchema, params);
    const body = parseInput(bodySchema, await readJson(request));
    const actionRequest = parseInput(actionRequestSchema, { ...body, action });
    const actor = requireActor(viewer);
    const performOrderAction = await getOrderActions();
    const storeId = await storeOfOrder(orderId);
    const order = await performOrderAction({ storeId, orderId, request: actionRequest, actor });
    return respond(orderActionAnswerSchema, { order, actor });
  },
);
