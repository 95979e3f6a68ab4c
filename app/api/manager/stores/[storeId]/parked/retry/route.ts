import { parseInput, readJson, respond, withStore } from "@/lib/api/handler";
import { parkedRetryAnswerSchema, parkedRetryRequestSchema } from "@/lib/contract/manager";
import { retryParked } from "@/lib/integrations/operations";

export const dynamic = "force-dynamic";

/** Reads a parked order's details again now (or every parked order of the store). */
export const POST = withStore("manager", async (request, { storeId }) => {
  const { orderId } = parseInput(parkedRetryRequestSchema, await readJson(request));
  return respond(parkedRetryAnswerSchema, await retryParked(storeId, orderId));
});
