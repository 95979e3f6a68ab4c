import { parseInput, readJson, respond, withSession } from "@/lib/api/handler";
import { assertStore } from "@/lib/auth/guard";
import { makeKitchenTablet } from "@/lib/auth/kitchen";
import { deviceAnswerSchema, deviceRequestSchema } from "@/lib/contract/auth";

export const dynamic = "force-dynamic";

/** A manager turns this browser's session into the kitchen tablet of one of their stores. */
export const POST = withSession({ role: "manager" }, async (request, _params, viewer) => {
  const { storeId } = parseInput(deviceRequestSchema, await readJson(request));
  assertStore(viewer, storeId);
  await makeKitchenTablet(viewer, storeId);
  return respond(deviceAnswerSchema, { device: { storeId } });
});
