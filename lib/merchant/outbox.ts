import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "@/lib/db";
import { oneAtATime } from "@/lib/db/one-at-a-time";
import { merchantUpdates } from "@/lib/db/schema";
import type { InterchangeClient } from "@/lib/platform/interchange/client";
import { PlatformError } from "@/lib/platform/errors";
import { pendingUpdates } from "./controls";
import { isItemOfferUpdate } from "./item-offer-updates";
import { sendServicePause, statusOf, type ServicePauseClient } from "./service-pause";

// Sends a store's queued merchantUpdate requests in order, each until the platform acknowledges
// it. A failure stops the store's queue (order matters: "closed" then "open" must not arrive
// swapped) and schedules the next attempt with exponential back-off, 5 s doubling to 5 min. An
// update the platform refuses for good (a 4xx about the body) is closed with why and skipped.

const BASE_MS = 5_000;
const MAX_MS = 300_000;
/** How many times a catalogue write answered 409 (still processing) is tried: about ten minutes of back-off. */
const CONFLICT_ATTEMPTS = 8;

/** How a refused update's lastError starts (lib/merchant/control-actions.ts shows it). */
export const REFUSED = "Refused by the platform: ";

const describe = (error: unknown) => (error instanceof Error ? error.message.slice(0, 500) : String(error));

/**
 * The platform answered and said no (400, 404, 409, 422…): the body itself is refused, e.g. an
 * offer its last published menu does not have. 401/403 (credentials), 408 and 429 are retried.
 */
function refusedForGood(error: unknown, catalogue: boolean, attempts: number): boolean {
  const status = error instanceof PlatformError ? error.status : undefined;
  // A catalogue write's 409 is the platform still processing the previous one (merchant.openapi.yaml,
  // getMerchantStatus: "SHOULD return 409 Conflict"): it goes again after the back-off — a few
  // times only, so a platform that always answers 409 does not hold the channel's pauses behind it.
  const retried = catalogue && attempts < CONFLICT_ATTEMPTS ? [401, 403, 408, 409, 429] : [401, 403, 408, 429];
  return status !== undefined && status >= 400 && status < 500 && !retried.includes(status);
}

export const backoffMs = (attempts: number) => Math.min(MAX_MS, BASE_MS * 2 ** Math.max(0, attempts - 1));

/**
 * What the outbox sends through: merchantUpdate, and a 2.0 item offer's availability
 * (./item-offer-updates.ts), by the platform's catalogue sync model; a 1.x connection, a PULL
 * platform, or a client without it — a 1.x-only fake — closes those unsent. On a connection
 * speaking 2.0 (no merchantUpdate there) the open/closed goes as the pause per service
 * (./service-pause.ts) through its merchant-side client (`catalogue`, token od.menu).
 */
export type OutboxClient = Pick<InterchangeClient, "merchantUpdate"> &
  Partial<Pick<InterchangeClient, "updateItemOffer" | "speaksV2">> & { catalogue?: ServicePauseClient };

type Queued = Awaited<ReturnType<typeof pendingUpdates>>[number];

/** One queued update, in the call the connection's dialect has for it now. */
async function send(db: Database, update: Queued, client: OutboxClient, now: Date): Promise<void> {
  const { body, channelId } = update;
  if (isItemOfferUpdate(body)) {
    await client.updateItemOffer?.(channelId, body.itemOfferUpdate);
    return;
  }
  // Asked at send time, as every call asks the dialect: a connection that moved to 2.0 since the
  // update was queued is sent it in 2.0; a 1.x one merchantUpdate as before.
  if (client.speaksV2 && client.catalogue) {
    const status = statusOf(body);
    if (status) await sendServicePause(db, { storeId: update.storeId, channelId, status }, client.catalogue, now);
    // Anything else is 1.x's own (a sold-out mark's ITEM_OFFER update): 2.0 has no merchantUpdate,
    // and the mark's itemOfferUpdate twin, queued beside it, carries it there. Closed unsent.
    return;
  }
  await client.merchantUpdate(channelId, body);
}

/** Advisory-lock namespace of a channel's queue flushes ("mupd"). */
const FLUSH_LOCK = 0x6d75_7064;

/**
 * One flush of a channel's queue at a time (an action's flush and the worker's tick, or two
 * instances): two flushes reading the same queue sent an update twice, and one that read the
 * queue before a newer update was acknowledged could send the older one last — the platform left
 * closed after "closed" then "open".
 */
export function flushMerchantUpdates(
  db: Database,
  channelId: string,
  client: OutboxClient,
  now: Date,
): Promise<{ sent: number; failed: boolean }> {
  return oneAtATime(db, FLUSH_LOCK, channelId, () => flushQueue(db, channelId, client, now));
}

async function flushQueue(
  db: Database,
  channelId: string,
  client: OutboxClient,
  now: Date,
): Promise<{ sent: number; failed: boolean }> {
  let sent = 0;
  for (const update of await pendingUpdates(db, channelId)) {
    if (update.nextAttemptAt > now) return { sent, failed: false };
    try {
      await send(db, update, client, now);
    } catch (error) {
      const attempts = update.attempts + 1;
      if (refusedForGood(error, isItemOfferUpdate(update.body), attempts)) {
        // Sending it again would get the same answer, and it must not hold back what follows
        // (a pause behind a sold-out mark the platform cannot place). Closed with why: the board
        // and Operations show it until a later update goes through.
        await db
          .update(merchantUpdates)
          .set({ attempts, acknowledgedAt: now, lastError: `${REFUSED}${describe(error)}` })
          .where(eq(merchantUpdates.id, update.id));
        continue;
      }
      await db
        .update(merchantUpdates)
        .set({
          attempts,
          lastError: describe(error),
          nextAttemptAt: new Date(now.getTime() + backoffMs(attempts)),
        })
        .where(eq(merchantUpdates.id, update.id));
      return { sent, failed: true };
    }
    await db
      .update(merchantUpdates)
      .set({ acknowledgedAt: now, attempts: update.attempts + 1, lastError: null })
      .where(and(eq(merchantUpdates.id, update.id), isNull(merchantUpdates.acknowledgedAt)));
    sent++;
  }
  return { sent, failed: false };
}
