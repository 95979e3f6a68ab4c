import { readJson, respond, withSession } from "@/lib/api/handler";
import { orderActionAnswerSchema } from "@/lib/contract/board";
import { getDb } from "@/lib/db";
import { takeOwnOrder } from "@/lib/own-orders/take";

export const dynamic = "force-dynamic";

/**
 * Takes an order on the restaurant's own channel (counter, phone, WhatsApp, table; issue 30):
 * priced on the server and put on the board as New (or In preparation when confirmed at once).
 * Kitchen staff of the restaurant the body names; answers with the order's card.
 */
export const POST = withSession({ role: "kitchen" }, async (request, _params, viewer) => {
  const answer = await takeOwnOrder(await getDb(), viewer, await readJson(request), new Date());
  return respond(orderActionAnswerSchema, answer, { status: 201 });
});
