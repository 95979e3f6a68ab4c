import { parseInput, readJson, respond, withStore } from "@/lib/api/handler";
import { integrationAnswerSchema, integrationInputSchema } from "@/lib/contract/integration-settings";
import { getDb } from "@/lib/db";
import { applyIntegration } from "@/lib/integrations/apply";
import { webhookAddress } from "@/lib/integrations/webhook-address";
import { getIntegrationView } from "@/lib/stores/settings-view";

export const dynamic = "force-dynamic";

/** A store's integration settings; secrets only as "set" or not, never their values. */
export const GET = withStore("manager", async (request, { storeId }) => {
  const integration = await getIntegrationView(await getDb(), storeId);
  return respond(integrationAnswerSchema, { integration, webhook: webhookAddress(request.headers) });
});

/** Saves them (blank secrets keep the saved ones) and restarts the store's poller with them. */
export const PUT = withStore("manager", async (request, { storeId }, viewer) => {
  const input = parseInput(integrationInputSchema, await readJson(request));
  const { view, changed } = await applyIntegration(viewer, storeId, input);
  return respond(integrationAnswerSchema, { integration: view, changed, webhook: webhookAddress(request.headers) });
});
