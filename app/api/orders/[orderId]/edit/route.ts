import { parseInput, readJson, respond, withOrder } from "@/lib/api/handler";
import { requireActor } from "@/lib/auth/kitchen";
import { orderActionAnswerSchema } from "@/lib/contract/board";
import { ownOrderEditableSchema, ownOrderEditSchema } from "@/lib/contract/own-order";
import { orderParamsSchema } from "@/lib/contract/route-params";
import { getDb } from "@/lib/db";
import { editOwnOrder, readEditableOrder } from "@/lib/own-orders/edit";

export const dynamic = "force-dynamic";

// Editing an own order while it is New (issue 30 point 2): kitchen staff of its restaurant, as
// taking one is (those who take orders correct them). A platform's order, or one confirmed
// already, is refused with a sentence (409); another restaurant's order is refused first (403).

/** The order as the form fills it. */
export const GET = withOrder("kitchen", orderParamsSchema, async (_request, { orderId, storeId }) =>
  respond(ownOrderEditableSchema, await readEditableOrder(await getDb(), storeId, orderId)),
);

/** Replaces the order's contents, priced again on the server; the same contents again change nothing. */
export const PUT = withOrder("kitchen", orderParamsSchema, async (request, { orderId, storeId }, viewer) => {
  const edit = parseInput(ownOrderEditSchema, await readJson(request));
  const actor = requireActor(viewer);
  const { order } = await editOwnOrder(await getDb(), { storeId, orderId, edit, actor, now: new Date() });
  return respond(orderActionAnswerSchema, { order, actor });
});
