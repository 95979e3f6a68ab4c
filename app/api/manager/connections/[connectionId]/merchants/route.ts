import { parseInput, respond, withSession } from "@/lib/api/handler";
import { connectionMerchantsAnswerSchema } from "@/lib/contract/integration-settings";
import { connectionParamsSchema } from "@/lib/contract/route-params";
import { getDb } from "@/lib/db";
import { connectionMerchants } from "@/lib/integrations/connection-merchants";

export const dynamic = "force-dynamic";

/**
 * The merchants that authorised a 2.0 connection's credential (GET {base}/v2/merchants, every
 * page), for adding a channel: admins, and managers of a restaurant on the connection.
 */
export const GET = withSession({ role: "manager" }, async (_request, params, viewer) => {
  const { connectionId } = parseInput(connectionParamsSchema, params);
  return respond(connectionMerchantsAnswerSchema, {
    merchants: await connectionMerchants(await getDb(), viewer, connectionId),
  });
});
