import { parseInput, readJson, respond, withChannel } from "@/lib/api/handler";
import { integrationAnswerSchema, integrationInputSchema } from "@/lib/contract/integration-settings";
import { getDb } from "@/lib/db";
import { applyIntegration } from "@/lib/integrations/apply";
import { webhookAddress } from "@/lib/integrations/webhook-address";
import { getIntegrationView } from "@/lib/stores/settings-view";
import { rememberedDiscovery } from "@/lib/sync/discovery";

export const dynamic = "force-dynamic";

/** A channel's integration settings; secrets only as "set" or not, never their values. */
export const GET = withChannel("manager", async (request, { channelId }) => {
  const integration = await getIntegrationView(await getDb(), channelId);
  return respond(integrationAnswerSchema, { integration, webhook: webhookOf(request, integration.connection.id) });
});

/** Saves them (blank secrets keep the saved ones) and restarts the channel's poller with them. */
export const PUT = withChannel("manager", async (request, { channelId }, viewer) => {
  const input = parseInput(integrationInputSchema, await readJson(request));
  const { view, changed } = await applyIntegration(viewer, channelId, input);
  return respond(integrationAnswerSchema, {
    integration: view,
    changed,
    webhook: webhookOf(request, view.connection.id),
  });
});

/** The webhook address for the channel's connection's dialect (2.0's when its platform declares 2.0). */
function webhookOf(request: Request, connectionId: string) {
  return webhookAddress(request.headers, rememberedDiscovery(connectionId)?.dialect);
}
