import { z } from "zod";
import { parseInput, readJson, withSession } from "@/lib/api/handler";
import { retryParked } from "@/lib/integrations/operations";
import { storeParam } from "@/lib/integrations/store-param";

export const dynamic = "force-dynamic";

const retrySchema = z.strictObject({ orderId: z.string().min(1).max(100).optional() });

/** Reads a parked order's details again now (or every parked order of the store). */
export const POST = withSession<{ storeId: string }>({ role: "manager", store: storeParam }, async (request, params) => {
  const { orderId } = parseInput(retrySchema, await readJson(request));
  return Response.json(await retryParked(await storeParam(params), orderId));
});
