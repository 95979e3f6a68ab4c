import { z } from "zod";
import { handler, parseInput } from "@/lib/api/handler";
import { getDb } from "@/lib/db";
import { serveMerchant } from "@/lib/merchant/endpoint";

export const dynamic = "force-dynamic";

const paramsSchema = z.object({ storeId: z.string().min(1).max(100) });

/** Open Delivery's GET /v1/merchant for one store: the platform reads it with the store's X-API-KEY. */
export const GET = handler<{ storeId: string }>(async (request, params) => {
  const { storeId } = parseInput(paramsSchema, params);
  return serveMerchant(await getDb(), storeId, request, new Date());
});
