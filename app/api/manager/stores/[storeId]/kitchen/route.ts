import { parseInput, readJson, respond, withSession } from "@/lib/api/handler";
import { kitchenSettingsSchema } from "@/lib/contract/kitchen-settings";
import { getDb } from "@/lib/db";
import { storeParam } from "@/lib/api/store-param";
import { getBus } from "@/lib/realtime/process-bus";
import { getKitchenSettings, saveKitchenSettings } from "@/lib/stores/kitchen-settings";

export const dynamic = "force-dynamic";

/** How the store's kitchen works: the default preparation time and the "preparing" report. */
export const GET = withSession<{ storeId: string }>({ role: "manager", store: storeParam }, async (_request, params) =>
  respond(kitchenSettingsSchema, await getKitchenSettings(await getDb(), await storeParam(params))),
);

/** Saves them; the store's active cards follow at once (recomputed and streamed). */
export const PUT = withSession<{ storeId: string }>({ role: "manager", store: storeParam }, async (request, params) => {
  const input = parseInput(kitchenSettingsSchema, await readJson(request));
  const bus = getBus();
  const saved = await saveKitchenSettings(await getDb(), await storeParam(params), input, (change) =>
    bus.publish(change),
  );
  return respond(kitchenSettingsSchema, saved);
});
