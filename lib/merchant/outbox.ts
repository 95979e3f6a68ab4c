import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "@/lib/db";
import { merchantUpdates } from "@/lib/db/schema";
import type { InterchangeClient } from "@/lib/platform/interchange/client";
import { pendingUpdates } from "./controls";

// Sends a store's queued merchantUpdate requests in order, each until the platform acknowledges
// it. A failure stops the store's queue (order matters: "closed" then "open" must not arrive
// swapped) and schedules the next attempt with exponential back-off, 5 s doubling to 5 min.

const BASE_MS = 5_000;
const MAX_MS = 300_000;

export const backoffMs = (attempts: number) => Math.min(MAX_MS, BASE_MS * 2 ** Math.max(0, attempts - 1));

export async function flushMerchantUpdates(
  db: Database,
  storeId: string,
  client: Pick<InterchangeClient, "merchantUpdate">,
  now: Date,
): Promise<{ sent: number; failed: boolean }> {
  let sent = 0;
  for (const update of await pendingUpdates(db, storeId)) {
    if (update.nextAttemptAt > now) return { sent, failed: false };
    try {
      await client.merchantUpdate(update.body);
    } catch (error) {
      const attempts = update.attempts + 1;
      await db
        .update(merchantUpdates)
        .set({
          attempts,
          lastError: error instanceof Error ? error.message.slice(0, 500) : String(error),
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
