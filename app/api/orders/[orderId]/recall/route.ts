import { parseInput, readJson, respond, withOrder } from "@/lib/api/handler";
import { requireActor } from "@/lib/auth/kitchen";
import { boardOrderSchema } from "@/lib/contract/board";
import { recallRequestSchema } from "@/lib/contract/recall";
import { orderParamsSchema } from "@/lib/contract/route-params";
import { getDb } from "@/lib/db";
import { recallOrder } from "@/lib/db/recalls";

export const dynamic = "force-dynamic";

/** Recalls a bump (issue 27): the card steps back one column, locally; answers with the card. */
export const POST = withOrder("kitchen", orderParamsSchema, async (request, { orderId, storeId }, viewer) => {
  const { from } = parseInput(recallRequestSchema, await readJson(request));
  const actor = requireActor(viewer);
  return respond(boardOrderSchema, await recallOrder(await getDb(), { storeId, orderId, from, actor }));
});
