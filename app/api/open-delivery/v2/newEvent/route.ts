import { readBodyText } from "@/lib/api/body";
import { handler } from "@/lib/api/handler";
import { getDb } from "@/lib/db";
import { getChannelConnection } from "@/lib/sync/registry";
import { WEBHOOK_BODY_LIMIT_BYTES } from "@/lib/sync/webhook";
import { answerWebhookV2, webhookV2ErrorResponse } from "@/lib/sync/webhook-v2";

export const dynamic = "force-dynamic";

/**
 * A 2.0 platform's webhook (rc.2's `orderEvent`; the address Comanda gives, webhook-address.ts).
 * Public on purpose, as /v1/newEvent: authenticated by the HMAC signature of its raw body, checked
 * before anything is read or stored. Answers 204 with no body (the event's acknowledgment), else
 * rc.2's Error body (a body over the limit too).
 */
export const POST = handler(async (request) => {
  let rawBody: string;
  try {
    rawBody = await readBodyText(request, WEBHOOK_BODY_LIMIT_BYTES);
  } catch (error) {
    return webhookV2ErrorResponse(error);
  }
  return answerWebhookV2(rawBody, request.headers, { db: await getDb(), connectionFor: getChannelConnection });
});
