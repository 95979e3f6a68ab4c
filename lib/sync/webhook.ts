import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import type { Database } from "@/lib/db";
import { storableJson } from "@/lib/contract/storable-text";
import { AppError } from "@/lib/errors";
import { platformEventSchema } from "@/lib/platform/interchange/schemas";
import { ingestEvents } from "./ingest";
import type { IngestResult } from "./ingest-context";
import { RecentErrors } from "./recent-errors";
import type { ChannelConnection } from "./registry";

export interface WebhookDeps {
  db: Database;
  connectionFor(channelId: string): ChannelConnection | undefined;
}

/** Lowercase hex HMAC-SHA256 of the raw body keyed with the client secret (the standard's rule). */
export function webhookSignature(rawBody: string, clientSecret: string): string {
  return createHmac("sha256", clientSecret).update(rawBody, "utf8").digest("hex");
}

/** One event is a few kilobytes; anything far larger is not one (the route reads at most this). */
export const WEBHOOK_BODY_LIMIT_BYTES = 1_000_000;

/**
 * Receives one event pushed by the platform (POST {SS}/v1/newEvent), routed by X-App-MerchantId
 * to its channel. Nothing is stored unless the signature matches the channel's connection's secret; a valid event is ingested (persisted, then
 * acknowledged) at once. Polling keeps running as the safety net. A connection on 2.0 is pushed to
 * /v2/newEvent (webhook-v2.ts): a push here for one is refused in a sentence recorded for the channel.
 */
export async function receiveWebhook(rawBody: string, headers: Headers, deps: WebhookDeps): Promise<IngestResult> {
  const connection = signedChannel(
    rawBody,
    headers.get("x-app-merchantid")?.trim(),
    headers.get("x-app-signature")?.trim().toLowerCase(),
    deps.connectionFor,
  );
  const parsed = platformEventSchema.safeParse(webhookJson(rawBody));
  if (!parsed.success)
    throw new AppError("bad_request", `The webhook body is not an event: ${z.prettifyError(parsed.error)}`);
  if (connection.client.speaksV2)
    throw await wrongDialect(
      deps.db,
      connection,
      "An Open Delivery 1.x event was pushed to /v1/newEvent for a connection on 2.0 (its platform's manifest declares 2.0): refused; a 2.0 platform pushes to /v2/newEvent.",
    );
  // The event is for the merchant the platform named: stored under that channel only.
  return ingestEvents(
    { db: deps.db, channels: new Map([[connection.id, connection.restaurantId]]), client: connection.client },
    [connection.client.ownEvent(parsed.data)],
  );
}

/** One answer for every way of failing, so a prober learns nothing about which channels exist. */
export const unauthorizedWebhook = () =>
  new AppError("unauthorized", "The webhook signature is missing or does not match.");

/**
 * The channel a pushed body is for (X-App-MerchantId), once its signature is the HMAC of the raw
 * body with that channel's connection's client secret (1.x and 2.0 alike); else 401, nothing read.
 */
export function signedChannel(
  rawBody: string,
  merchantId: string | undefined,
  signature: string | undefined,
  connectionFor: WebhookDeps["connectionFor"],
): ChannelConnection {
  if (!merchantId || !signature) throw unauthorizedWebhook();
  const connection = connectionFor(merchantId);
  if (!connection) throw unauthorizedWebhook();
  if (!sameSignature(signature, webhookSignature(rawBody, connection.config.clientSecret))) throw unauthorizedWebhook();
  return connection;
}

/** A signed body as JSON, made storable here, as PlatformResponse.json does for what Comanda reads. */
export function webhookJson(rawBody: string): unknown {
  try {
    return storableJson(JSON.parse(rawBody)).value;
  } catch {
    throw new AppError("bad_request", "The webhook body is not valid JSON.");
  }
}

/**
 * An authenticated push in the dialect its connection does not speak: recorded as the channel's
 * sync error (Operations shows it), answered 400 with the same sentence; nothing stored.
 */
export async function wrongDialect(db: Database, connection: ChannelConnection, message: string): Promise<AppError> {
  await new RecentErrors(db, connection.id).add("webhook", new Error(message));
  return new AppError("bad_request", message);
}

function sameSignature(given: string, expected: string): boolean {
  const a = Buffer.from(given, "utf8");
  const b = Buffer.from(expected, "utf8");
  return a.length === b.length && timingSafeEqual(a, b);
}
