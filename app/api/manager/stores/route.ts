import { parseInput, readJson, withSession } from "@/lib/api/handler";
import { addStore } from "@/lib/integrations/apply";
import { newStoreInputSchema } from "@/lib/stores/settings-schema";

export const dynamic = "force-dynamic";

/**
 * Adds a store (a merchant on the platform) and starts polling it. Admins only: a new store
 * brings new platform credentials and nobody manages it yet.
 */
export const POST = withSession({ role: "admin" }, async (request, _params, viewer) => {
  const input = parseInput(newStoreInputSchema, await readJson(request));
  return Response.json({ integration: await addStore(viewer, input) }, { status: 201 });
});
