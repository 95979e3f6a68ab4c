import { parseInput, readJson, withSession } from "@/lib/api/handler";
import { testStoreConnection } from "@/lib/integrations/apply";
import { testConnectionInputSchema } from "@/lib/stores/settings-schema";
import { storeParam } from "@/lib/integrations/store-param";

export const dynamic = "force-dynamic";

/** Token, polling (nothing acknowledged), admin API and store API with the entered or saved settings. */
export const POST = withSession<{ storeId: string }>({ role: "manager", store: storeParam }, async (request, params) => {
  const input = parseInput(testConnectionInputSchema, await readJson(request));
  return Response.json({ checks: await testStoreConnection(await storeParam(params), input) });
});
