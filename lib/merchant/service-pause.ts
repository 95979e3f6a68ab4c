import "server-only";
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "@/lib/db";
import { channelPauses, merchantControls } from "@/lib/db/schema";
import { PlatformError } from "@/lib/platform/errors";
import { SERVICE_TYPES, type CatalogueV2Client, type ServicePauseBody } from "@/lib/platform/v2/catalogue";

// The kitchen's pause told to an Open Delivery 2.0 platform (issue 29; docs/open-delivery-2.md
// "Pause per service"). The outbox queues the same `{merchantStatus}` body for every channel
// (./controls.ts, ./channel-pause.ts); when the channel's connection speaks 2.0 at send time —
// which has no merchantUpdate — it goes as 2.0's pause per service instead: UNAVAILABLE pauses
// every service Comanda's merchant document offers (DELIVERY, TAKEOUT, INDOOR) with pauseService,
// AVAILABLE opens them early with updateService `{status: OPEN}`. Opening hours are never touched.

/** A Comanda pause with no end (until reopened): rc.2 requires a duration, and names no maximum. */
export const OPEN_ENDED_MINUTES = 7 * 24 * 60;

/** What the platform keeps of the kitchen's reason (the sandbox keeps 500 characters). */
const MAX_REASON = 500;

const statusBodySchema = z.strictObject({ merchantStatus: z.enum(["AVAILABLE", "UNAVAILABLE"]) });

/** The store's open/closed update (the board's pause and reopen), nothing else in it. */
export const statusOf = (body: unknown) => statusBodySchema.safeParse(body).data?.merchantStatus;

/**
 * pauseService's durationMinutes for a pause ending at `until` (null: open-ended): the minutes
 * left, rounded up so the platform never reopens before Comanda does, at least 1, at most
 * OPEN_ENDED_MINUTES. Read at send time, so a retry sends what is left, not the whole length.
 */
export function pauseMinutes(until: Date | null, now: Date): number {
  if (until === null) return OPEN_ENDED_MINUTES;
  const left = Math.ceil((until.getTime() - now.getTime()) / 60_000);
  return Math.min(OPEN_ENDED_MINUTES, Math.max(1, left));
}

type Pause = { until: Date | null; reason: string };

/**
 * The pause the channel is under at `now` — the restaurant's, its own, or both (then the later
 * end, an open-ended one the latest) — or null when it is open (reopened since it was queued).
 */
async function pauseOfChannel(db: Database, storeId: string, channelId: string, now: Date): Promise<Pause | null> {
  const [restaurant] = await db.select().from(merchantControls).where(eq(merchantControls.storeId, storeId));
  const [own] = await db.select().from(channelPauses).where(eq(channelPauses.channelId, channelId));
  const inForce = (until: Date | null) => until === null || until > now;
  const pauses: Pause[] = [];
  if (own && inForce(own.pausedUntil)) pauses.push({ until: own.pausedUntil, reason: own.reason });
  if (restaurant?.paused && inForce(restaurant.pausedUntil))
    pauses.push({ until: restaurant.pausedUntil, reason: restaurant.pauseReason ?? "" });
  if (pauses.length === 0) return null;
  const last = (p: Pause) => p.until?.getTime() ?? Number.POSITIVE_INFINITY;
  return pauses.reduce((a, b) => (last(b) > last(a) ? b : a));
}

/** What sends the pause per service: the connection's 2.0 merchant-side (od.menu) client. */
export type ServicePauseClient = Pick<CatalogueV2Client, "pauseService" | "openService">;

/**
 * Sends one queued status update as 2.0's pause per service, every service in turn (both calls
 * are idempotent: a retry after a partial failure sends them all again). A service the platform
 * answers 404 for (it does not offer it to this merchant) is skipped; all three 404 is the
 * platform refusing the update (the outbox closes it with why). An UNAVAILABLE whose pause ended
 * or was lifted before it could be sent sends nothing: the AVAILABLE queued behind it opens them.
 */
export async function sendServicePause(
  db: Database,
  update: { storeId: string; channelId: string; status: "AVAILABLE" | "UNAVAILABLE" },
  client: ServicePauseClient,
  now: Date,
): Promise<void> {
  const { storeId, channelId, status } = update;
  let body: ServicePauseBody | null = null;
  if (status === "UNAVAILABLE") {
    const pause = await pauseOfChannel(db, storeId, channelId, now);
    if (!pause) return;
    const reason = pause.reason.trim().slice(0, MAX_REASON);
    body = { durationMinutes: pauseMinutes(pause.until, now), ...(reason ? { reason } : {}) };
  }
  const missing: PlatformError[] = [];
  for (const type of SERVICE_TYPES) {
    try {
      if (body) await client.pauseService(channelId, type, body);
      else await client.openService(channelId, type);
    } catch (error) {
      if (!(error instanceof PlatformError && error.status === 404)) throw error;
      missing.push(error);
    }
  }
  if (missing.length === SERVICE_TYPES.length) throw missing[0];
}
