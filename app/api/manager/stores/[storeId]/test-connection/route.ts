import { parseInput, readJson, respond, withChannel } from "@/lib/api/handler";
import { testConnectionInputSchema } from "@/lib/contract/integration-settings";
import { connectionChecksSchema } from "@/lib/contract/manager";
import { testStoreConnection } from "@/lib/integrations/apply";

export const dynamic = "force-dynamic";

/** Token, polling (nothing acknowledged), admin API and store API with the entered or saved settings. */
export const POST = withChannel("manager", async (request, { channelId }) => {
  const input = parseInput(testConnectionInputSchema, await readJson(request));
  return respond(connectionChecksSchema, { checks: await testStoreConnection(channelId, input) });
});
