import { parseInput, readJson, respond, withSession } from "@/lib/api/handler";
import { integrationAnswerSchema, integrationInputSchema } from "@/lib/contract/integration-settings";
import { getDb } from "@/lib/db";
import { applyIntegration } from "@/lib/integrations/apply";
import { getIntegrationView } from "@/lib/stores/settings-view";
import { webhookAddress } from "@/lib/integrations/webhook-address";
import { storeParam } from "@/lib/api/store-param";

export const dynamic = "force-dynamic";

/** A store's integration settings; secrets only as "set" or not, never their values. */
export const GET = withSession<{ storeId: string }>({ role: "manager", store: storeParam }, async (request, params) => {
  const integration = await getIntegrationView(await getDb(), await storeParam(params));
  return respond(integrationAnswerSchema, { integration, webhook: webhookAddress(request.headers) });
});

/** Saves them (blank secrets keep the saved ones) and restarts the store's poller with them. */
export const PUT = withSession<{ storeId: string }>(
  { role: "manager", store: storeParam },
  async (request, params, viewer) => {
    const input = parseInput(integrationInputSchema, await readJson(request));
    const { view, changed } = await applyIntegration(viewer, await storeParam(params), input);
    return respond(integrationAnswerSchema, { integration: view, changed, webhook: webhookAddress(request.headers) });
  },
);
