import { handler, parseInput } from "@/lib/api/handler";
import { storeParamsSchema } from "@/lib/contract/route-params";
import { getDb } from "@/lib/db";
import { serveMerchant } from "@/lib/merchant/endpoint";

export const dynamic = "force-dynamic";

/** Open Delivery's GET /v1/merchant for one store: the platform reads it with the store's X-API-KEY. */
export const GET = handler(async (request, params) => {
  const { storeId } = parseInput(storeParamsSchema, params);
  return serveMerchant(await getDb(), storeId, request, new Date());
});
