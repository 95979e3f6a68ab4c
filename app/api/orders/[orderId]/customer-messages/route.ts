import { parseInput, readJson, withOrder } from "@/lib/api/handler";
import { requireActor } from "@/lib/auth/kitchen";
import { customerMessageRequestSchema } from "@/lib/contract/customer-message";
import { orderParamsSchema } from "@/lib/contract/route-params";
import { getDb } from "@/lib/db";
import { recordCustomerMessage } from "@/lib/own-orders/record-customer-message";

export const dynamic = "force-dynamic";

/** Records a WhatsApp message opened for an own order's customer (issue 30 point 3): 204. */
export const POST = withOrder("kitchen", orderParamsSchema, async (request, { orderId, storeId }, viewer) => {
  const input = parseInput(customerMessageRequestSchema, await readJson(request));
  const actor = requireActor(viewer);
  await recordCustomerMessage(await getDb(), { storeId, orderId, request: input, actor });
  return new Response(null, { status: 204 });
});
