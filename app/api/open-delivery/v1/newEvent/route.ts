import { readBodyText } from "@/lib/api/body";
import { handler } from "@/lib/api/handler";
import { getDb } from "@/lib/db";
import { getChannelConnection } from "@/lib/sync/registry";
import { receiveWebhook, WEBHOOK_BODY_LIMIT_BYTES } from "@/lib/sync/webhook";

export const dynamic = "force-dynamic";

/**
 * The platform's webhook (Open Delivery: POST {SS}/v1/newEvent). Public on purpose: it is
 * authenticated by the HMAC signature of its raw body, checked before anything is read or stored.
 */
export const POST = handler(async (request) => {
  await receiveWebhook(await readBodyText(request, WEBHOOK_BODY_LIMIT_BYTES), request.headers, {
    db: await getDb(),
    connectionFor: getChannelConnection,
  });
  return new Response(null, { status: 204 });
});
