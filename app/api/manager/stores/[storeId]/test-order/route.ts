import { z } from "zod";
import { parseInput, readJson, respond, withSession } from "@/lib/api/handler";
import { testOrderAnswerSchema, testOrderRequestSchema } from "@/lib/contract/manager";
import { placeTestOrder } from "@/lib/stores/test-orders";

export const dynamic = "force-dynamic";

const paramsSchema = z.object({ storeId: z.string().min(1).max(100) });

/** A manager places a small real order through the store API, to watch it reach the board. */
export const POST = withSession<{ storeId: string }>(
  { role: "manager", store: async (params) => parseInput(paramsSchema, params).storeId },
  async (request, params) => {
    const { requestId } = parseInput(testOrderRequestSchema, await readJson(request));
    const order = await placeTestOrder(parseInput(paramsSchema, params).storeId, requestId);
    return respond(testOrderAnswerSchema, { order }, { status: 201 });
  },
);
