import { parseInput, readJson, respond, withStore } from "@/lib/api/handler";
import { testOrderAnswerSchema, testOrderRequestSchema } from "@/lib/contract/manager";
import { placeTestOrder } from "@/lib/stores/test-orders";

export const dynamic = "force-dynamic";

/** A manager places a small real order through the store API, to watch it reach the board. */
export const POST = withStore("manager", async (request, { storeId }) => {
  const { requestId } = parseInput(testOrderRequestSchema, await readJson(request));
  return respond(testOrderAnswerSchema, { order: await placeTestOrder(storeId, requestId) }, { status: 201 });
});
