import { parseInput, readJson, respond, withOrder } from "@/lib/api/handler";
import { requireActor } from "@/lib/auth/kitchen";
import { actionBodySchema, actionRequestSchema } from "@/lib/contract/action-request";
import { orderActionAnswerSchema } from "@/lib/contract/board";
import { orderActionParamsSchema } from "@/lib/contract/route-params";
import { getOrderActions } from "@/lib/actions/perform-order-action";

export const dynamic = "force-dynamic";

/** Performs an order action on the platform and answers with the order's new card. */
export const POST = withOrder(
  "kitchen",
  orderActionParamsSchema,
  async (request, { orderId, storeId, action }, viewer) => {
    const body = parseInput(actionBodySchema, await readJson(request));
    const actionRequest = parseInput(actionRequestSchema, { ...body, action });
    const actor = requireActor(viewer);
    const performOrderAction = await getOrderActions();
    const order = await performOrderAction({ storeId, orderId, request: actionRequest, actor });
    return respond(orderActionAnswerSchema, { order, actor });
  },
);
