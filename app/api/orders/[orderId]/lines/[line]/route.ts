import { parseInput, readJson, respond, withSession } from "@/lib/api/handler";
import { requireActor, storeOfOrder } from "@/lib/auth/kitchen";
import { boardOrderSchema } from "@/lib/contract/board";
import { itemMarkParamsSchema, itemMarkRequestSchema } from "@/lib/contract/item-marks";
import { getDb } from "@/lib/db";
import { setItemMark } from "@/lib/db/item-marks";
import { getBus } from "@/lib/realtime/process-bus";

export const dynamic = "force-dynamic";

/** Marks a ticket's line done or not (a kitchen aid, never sent to the platform); answers with the card. */
export const PUT = withSession<{ orderId: string; line: string }>(
  { role: "kitchen", store: (params) => storeOfOrder(parseInput(itemMarkParamsSchema, params).orderId) },
  async (request, params, viewer) => {
    const { orderId, line } = parseInput(itemMarkParamsSchema, params);
    const { done } = parseInput(itemMarkRequestSchema, await readJson(request));
    const actor = requireActor(viewer);
    const storeId = await storeOfOrder(orderId);
    const bus = getBus();
    const card = await setItemMark(await getDb(), { storeId, orderId, line, done, actor }, (change) =>
      bus.publish(change),
    );
    return respond(boardOrderSchema, card);
  },
);
