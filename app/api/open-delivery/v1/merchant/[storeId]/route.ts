import { parseInput } from "@/lib/api/handler";
import { storeParamsSchema } from "@/lib/contract/route-params";
import { getDb } from "@/lib/db";
import { tracked } from "@/lib/process/exit";
import { merchantRouteError, serveMerchant } from "@/lib/merchant/endpoint";

export const dynamic = "force-dynamic";

/** Open Delivery's GET /v1/merchant for one store: the platform reads it with the store's X-API-KEY. */
export async function GET(request: Request, context: { params: Promise<{ storeId: string }> }): Promise<Response> {
  // Counted while it runs: a graceful shutdown waits for it (lib/process/exit.ts).
  return tracked(async () => {
    try {
      const { storeId } = parseInput(storeParamsSchema, await context.params);
      return await serveMerchant(await getDb(), storeId, request, new Date());
    } catch (error) {
      // The platform reads the standard's problem+json, not Comanda's own error shape.
      return merchantRouteError(error);
    }
  });
}
