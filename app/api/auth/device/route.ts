import { z } from "zod";
import { parseInput, readJson, withSession } from "@/lib/api/handler";
import { assertStore } from "@/lib/auth/guard";
import { makeKitchenTablet } from "@/lib/auth/kitchen";

export const dynamic = "force-dynamic";

const bodySchema = z.object({ storeId: z.string().min(1).max(100) }).strict();

/** A manager turns this browser's session into the kitchen tablet of one of their stores. */
export const POST = withSession({ role: "manager" }, async (request, _params, viewer) => {
  const { storeId } = parseInput(bodySchema, await readJson(request));
  assertStore(viewer, storeId);
  await makeKitchenTablet(viewer, storeId);
  return Response.json({ device: { storeId } });
});
