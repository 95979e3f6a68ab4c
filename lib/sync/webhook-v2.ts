import "server-only";
import { z } from "zod";
import { AppError } from "@/lib/errors";
import { log } from "@/lib/log";
import { readWebhookEventV2 } from "@/lib/platform/v2/webhook-event";
import type { IngestResult } from "./ingest-context";
import { signedChannel, unauthorizedWebhook, webhookJson, wrongDialect, type WebhookDeps } from "./webhook";

/**
 * rc.2's signing headers (authentication.openapi.yaml, "Webhook Signing"), all three required:
 * X-App-Id, the sending application's id (a UUID); X-App-MerchantId, the merchant; X-App-Signature,
 * the HMAC-SHA256 of the raw body keyed with the client secret as a lowercase hex string.
 */
const signingHeadersSchema = z.object({
  appId: z.guid(),
  merchantId: z.string().trim().min(1),
  signature: z.string().regex(/^[0-9a-f]{64}$/),
});

/**
 * One 2.0 OrderEvent pushed by a platform (rc.2's `orderEvent` webhook, at Comanda's
 * /api/open-delivery/v2/newEvent): authenticated before anything is read (401, nothing stored),
 * parsed (400), refused in a sentence recorded for the channel when the body or the connection is
 * 1.x (400), then ingested exactly as a polled 2.0 event (ConnectionPoller.ingestPushed). The
 * caller's 204 is the acknowledgment. An order the platform would not give yet (GET
 * /v2/orders/{id}) leaves the event unstored and answers 502, so the platform pushes it again.
 */
export async function receiveWebhookV2(rawBody: string, headers: Headers, deps: WebhookDeps): Promise<IngestResult> {
  const signing = signingHeadersSchema.safeParse({
    appId: headers.get("x-app-id") ?? undefined,
    merchantId: headers.get("x-app-merchantid") ?? undefined,
    signature: headers.get("x-app-signature")?.trim(),
  });
  if (!signing.success) throw unauthorizedWebhook();
  const connection = signedChannel(rawBody, signing.data.merchantId, signing.data.signature, deps.connectionFor);

  const read = readWebhookEventV2(webhookJson(rawBody));
  if (!read.ok && read.dialect === "1.x") throw await wrongDialect(deps.db, connection, read.error);
  if (!read.ok) throw new AppError("bad_request", read.error);
  if (!connection.client.speaksV2)
    throw await wrongDialect(
      deps.db,
      connection,
      "An Open Delivery 2.0 event was pushed for a connection on 1.x (its platform's manifest does not declare 2.0): refused; a 1.x platform pushes to /v1/newEvent.",
    );

  const result = await connection.poller.ingestPushed(connection, [connection.client.ownEvent(read.event)]);
  if (result.deferred > 0)
    throw new AppError(
      "platform_unavailable",
      "The event's order could not be read from the platform (GET /v2/orders/{orderId}) yet; push the event again.",
    );
  return result;
}

/** The webhook's answer (the route's, and a test server's): 204 with no body, or rc.2's Error body. */
export async function answerWebhookV2(rawBody: string, headers: Headers, deps: WebhookDeps): Promise<Response> {
  try {
    await receiveWebhookV2(rawBody, headers, deps);
    return new Response(null, { status: 204 });
  } catch (error) {
    return webhookV2ErrorResponse(error);
  }
}

/** rc.2's Error body (`{code, message}`, orders.openapi.yaml) for whatever the webhook refuses. */
export function webhookV2ErrorResponse(error: unknown): Response {
  if (error instanceof AppError)
    return Response.json({ code: error.code.toUpperCase(), message: error.message }, { status: error.status });
  log.error({ err: error }, "2.0 webhook: unexpected error");
  return Response.json(
    { code: "INTERNAL", message: "Something went wrong on Comanda's side; push the event again." },
    { status: 500 },
  );
}
