import { z } from "zod";
import { parseInput, readJson, withSession } from "@/lib/api/handler";
import { placeTestOrder } from "@/lib/platform/store-api/test-order-service";

export const dynamic = "force-dynamic";

const paramsSchema = z.object({ storeId: z.string().min(1).max(100) });
/** One id per click: a resent request with the same id never places a second order. */
const bodySchema = z.object({ requestId: z.uuid() }).strict();

/** A manager places a small real order through the store API, to watch it reach the board. */
export const POST = withSession<{ storeId: string }>(
  { role: "manager", store: async (params) => parseInput(paramsSchema, params).storeId },
  async (request, params) => {
    const { requestId } = parseInput(bodySchema, await readJson(request));
    const order = await placeTestOrder(parseInput(paramsSchema, params).storeId, requestId);
    return Response.json({ order }, { status: 201 });
  },
);
