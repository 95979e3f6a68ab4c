import { parseInput, readJson, respond, withOrder } from "@/lib/api/handler";
import { requireActor } from "@/lib/auth/kitchen";
import { boardOrderSchema } from "@/lib/contract/board";
import { itemMarkParamsSchema, itemMarkRequestSchema } from "@/lib/contract/item-marks";
import { getDb } from "@/lib/db";
import { setItemMark } from "@/lib/db/item-marks";

export const dynamic = "force-dynamic";

/** Marks a ticket's line done or not (a kitchen aid, never sent to the platform); answers with the card. */
export const PUT = withOrder("kitchen", itemMarkParamsSchema, async (request, { orderId, storeId, line }, viewer) => {
  const { done } = parseInput(itemMarkRequestSchema, await readJson(request));
  const actor = requireActor(viewer);
  return respond(boardOrderSchema, await setItemMark(await getDb(), { storeId, orderId, line, done, actor }));
});
