import { parseInput, readJson, respond, withStore } from "@/lib/api/handler";
import { kitchenSettingsSchema } from "@/lib/contract/kitchen-settings";
import { getDb } from "@/lib/db";
import { getKitchenSettings, saveKitchenSettings } from "@/lib/stores/kitchen-settings";

export const dynamic = "force-dynamic";

/** How the store's kitchen works: the default preparation time and the "preparing" report. */
export const GET = withStore("manager", async (_request, { storeId }) =>
  respond(kitchenSettingsSchema, await getKitchenSettings(await getDb(), storeId)),
);

/** Saves them; the store's active cards follow at once (recomputed and streamed). */
export const PUT = withStore("manager", async (request, { storeId }) => {
  const input = parseInput(kitchenSettingsSchema, await readJson(request));
  return respond(kitchenSettingsSchema, await saveKitchenSettings(await getDb(), storeId, input));
});
