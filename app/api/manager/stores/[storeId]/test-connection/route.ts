import { parseInput, readJson, respond, withSession } from "@/lib/api/handler";
import { testStoreConnection } from "@/lib/integrations/apply";
import { testConnectionInputSchema } from "@/lib/contract/integration-settings";
import { connectionChecksSchema } from "@/lib/contract/manager";
import { storeParam } from "@/lib/api/store-param";

export const dynamic = "force-dynamic";

/** Token, polling (nothing acknowledged), admin API and store API with the entered or saved settings. */
export const POST = withSession<{ storeId: string }>(
  { role: "manager", store: storeParam },
  async (request, params) => {
    const input = parseInput(testConnectionInputSchema, await readJson(request));
    return respond(connectionChecksSchema, { checks: await testStoreConnection(await storeParam(params), input) });
  },
);
