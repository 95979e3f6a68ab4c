import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import type { Database } from "@/lib/db";
import { storableJson } from "@/lib/contract/storable-text";
import { AppError } from "@/lib/errors";
import { platformEventSchema } from "@/lib/platform/interchange/schemas";
import { ingestEvents } from "./ingest";
import type { IngestResult } from "./ingest-context";
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
 * acknowledged) at once. Polling keeps running as the safety net.
 */
export async function receiveWebhook(rawBody: string, headers: Headers, deps: WebhookDeps): Promise<IngestResult> {
  const merchantId = headers.get("x-app-merchantid")?.trim();
  const signature = headers.get("x-app-signature")?.trim().toLowerCase();
  // One answer for every way of failing, so a prober learns nothing about which channels exist.
  const unauthorized = new AppError("unauthorized", "The webhook signature is missing or does not match.");
  if (!merchantId || !signature) throw unauthorized;
  const connection = deps.connectionFor(merchantId);
  if (!connection) throw unauthorized;
  if (!sameSignature(signature, webhookSignature(rawBody, connection.config.clientSecret))) throw unauthorized;

  let json: unknown;
  try {
    // Made storable here, as PlatformResponse.json does for what Comanda reads from the platform.
    json = storableJson(JSON.parse(rawBody)).value;
  } catch {
    throw new AppError("bad_request", "The webhook body is not valid JSON.");
  }
  const parsed = platformEventSchema.safeParse(json);
  if (!parsed.success)
    throw new AppError("bad_request", `The webhook body is not an event: ${z.prettifyError(parsed.error)}`);
  // The event is for the merchant the platform named: stored under that channel only.
  return ingestEvents(
    { db: deps.db, channels: new Map([[connection.id, connection.restaurantId]]), client: connection.client },
    [connection.client.ownEvent(parsed.data)],
  );
}

function sameSignature(given: string, expected: string): boolean {
  const a = Buffer.from(given, "utf8");
  const b = Buffer.from(expected, "utf8");
  return a.length === b.length && timingSafeEqual(a, b);
}
