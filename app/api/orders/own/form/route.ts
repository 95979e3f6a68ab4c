import { parseInput, respond, withSession } from "@/lib/api/handler";
import { assertStore } from "@/lib/auth/guard";
import { ownOrderMenuSchema, storeQuerySchema } from "@/lib/contract/own-order-form";
import { searchParamsRecord } from "@/lib/contract/search-params";
import { getDb } from "@/lib/db";
import { ownOrderMenu } from "@/lib/own-orders/form-menu";

export const dynamic = "force-dynamic";

/**
 * What the own order form sells (issue 30): the restaurant's imported menu with its prices, pizza
 * sizes and flavours, sold-out state and delivery areas. Kitchen staff of that restaurant.
 */
export const GET = withSession({ role: "kitchen" }, async (request, _params, viewer) => {
  const { storeId } = parseInput(storeQuerySchema, searchParamsRecord(new URL(request.url).searchParams));
  assertStore(viewer, storeId);
  return respond(ownOrderMenuSchema, await ownOrderMenu(await getDb(), storeId));
});
