import { parseInput, readJson, respond, withSession } from "@/lib/api/handler";
import { assertStore } from "@/lib/auth/guard";
import { ownOrderInputSchema } from "@/lib/contract/own-order";
import { ownOrderQuoteSchema } from "@/lib/contract/own-order-form";
import { getDb } from "@/lib/db";
import { quoteOwnOrder } from "@/lib/own-orders/quote";

export const dynamic = "force-dynamic";

/**
 * The price of an own order as the form has it so far (issue 30): the same body as
 * POST /api/orders/own, priced by the same code, nothing written. What taking it would refuse
 * (sold out, outside the delivery areas, troco below the total) answers 400 with its reason.
 */
export const POST = withSession({ role: "kitchen" }, async (request, _params, viewer) => {
  const input = parseInput(ownOrderInputSchema, await readJson(request));
  assertStore(viewer, input.storeId);
  return respond(ownOrderQuoteSchema, await quoteOwnOrder(await getDb(), input, new Date()));
});
