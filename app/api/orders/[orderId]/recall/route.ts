import { parseInput, readJson, respond, withSession } from "@/lib/api/handler";
import { requireActor, storeOfOrder } from "@/lib/auth/kitchen";
import { boardOrderSchema } from "@/lib/contract/board";
import { recallParamsSchema, recallRequestSchema } from "@/lib/contract/recall";
import { getDb } from "@/lib/db";
import { recallOrder } from "@/lib/db/recalls";
import { getBus } from "@/lib/realtime/process-bus";

export const dynamic = "force-dynamic";

/** Recalls a bump (issue 27): the card steps back one column, locally; answers with the card. */
export const POST = withSession<{ orderId: string }>(
  { role: "kitchen", store: (params) => storeOfOrder(parseInput(recallParamsSchema, params).orderId) },
  async (request, params, viewer) => {
    const { orderId } = parseInput(recallParamsSchema, params);
    const { from } = parseInput(recallRequestSchema, await readJson(request));
    const actor = requireActor(viewer);
    const storeId = await storeOfOrder(orderId);
    const bus = getBus();
    const card = await recallOrder(await getDb(), { storeId, orderId, from, actor }, (change) => bus.publish(change));
    return respond(boardOrderSchema, card);
  },
);
