import { readJson, respond, withSession } from "@/lib/api/handler";
import { orderActionAnswerSchema } from "@/lib/contract/board";
import { getDb } from "@/lib/db";
import { takeOwnOrder } from "@/lib/own-orders/take";

export const dynamic = "force-dynamic";

/**
 * Takes an order on the restaurant's own channel (counter, phone, WhatsApp, table; issue 30):
 * priced on the server and put on the board as New (or In preparation when confirmed at once).
 * Kitchen staff of the restaurant the body names; answers with the order's card: 201 when made,
 * 200 when its idempotency key had made it already (a retried send).
 */
export const POST = withSession({ role: "kitchen" }, async (request, _params, viewer) => {
  const { order, actor, replayed } = await takeOwnOrder(await getDb(), viewer, await readJson(request), new Date());
  return respond(orderActionAnswerSchema, { order, actor }, { status: replayed ? 200 : 201 });
});
