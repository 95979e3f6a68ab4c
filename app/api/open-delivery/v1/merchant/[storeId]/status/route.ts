import { handler, parseInput } from "@/lib/api/handler";
import { storeParamsSchema } from "@/lib/contract/route-params";
import { getDb } from "@/lib/db";
import { serveMerchantStatus } from "@/lib/merchant/endpoint";

export const dynamic = "force-dynamic";

/** Open Delivery 1.7's GET /v1/merchant/{id}/status for one store, with the store's X-API-KEY. */
export const GET = handler(async (request, params) => {
  const { storeId } = parseInput(storeParamsSchema, params);
  return serveMerchantStatus(await getDb(), storeId, request, new Date());
});
