import { parseInput, readJson, respond, withSession } from "@/lib/api/handler";
import { parkedRetryAnswerSchema, parkedRetryRequestSchema } from "@/lib/contract/manager";
import { retryParked } from "@/lib/integrations/operations";
import { storeParam } from "@/lib/api/store-param";

export const dynamic = "force-dynamic";

/** Reads a parked order's details again now (or every parked order of the store). */
export const POST = withSession<{ storeId: string }>(
  { role: "manager", store: storeParam },
  async (request, params) => {
    const { orderId } = parseInput(parkedRetryRequestSchema, await readJson(request));
    return respond(parkedRetryAnswerSchema, await retryParked(await storeParam(params), orderId));
  },
);
