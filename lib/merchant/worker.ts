import "server-only";
import { getDb } from "@/lib/db";
import { log } from "@/lib/log";
import { processSingleton } from "@/lib/process/singleton";
import { runAutoAccept } from "@/lib/actions/auto-accept";
import { getOrderActions } from "@/lib/actions/perform-order-action";
import type { Database } from "@/lib/db";
import { env } from "@/lib/env";
import { connectedChannels, connectedChannelsOf } from "@/lib/sync/registry";
import { catalogueReconcileDue, reconcileCatalogue } from "./catalog-reconcile";
import { readAutoAccept } from "./auto-accept-settings";
import { readControls, restockExpired, resumeEndedPauses } from "./controls";
import { storeTimeZones } from "@/lib/stores/time-zones";
import { flushStore } from "./control-actions";
import { resumeEndedChannelPauses } from "./channel-pause";
import { runPacing } from "./pacing";

// One loop per process for merchant controls: pauses that ended reopen the store (or channel), sold-out marks
// that ran out are restocked, queued merchantUpdate requests are (re)sent once their back-off has
// passed, pacing turns busy mode and pause on and off with the kitchen's load (./pacing.ts), and
// auto-accept confirms what its settings allow, and each 2.0 channel's catalogue is compared with
// its platform's (./catalog-reconcile.ts, every CATALOG_RECONCILE_SECONDS). Every 5 s; each step
// on its own.

const TICK_MS = 5_000;

export async function merchantTick(now = new Date()): Promise<void> {
  const db = await getDb();
  await resumeEndedPauses(db, now);
  await resumeEndedChannelPauses(db, now);
  await restockExpired(db, now);
  // Each restaurant once, however many of its channels this process reaches.
  for (const storeId of new Set(connectedChannels().map((channel) => channel.restaurantId))) {
    // Before the flush, so what pacing changes reaches the platform in the same tick.
    await runPacing(db, storeId, now).catch((error: unknown) => log.warn({ err: error, storeId }, "pacing"));
    await flushStore(db, storeId, now).catch((error: unknown) => log.warn({ err: error, storeId }, "merchantUpdate"));
    if (await reconcileCatalogues(db, storeId, now))
      await flushStore(db, storeId, now).catch((error: unknown) => log.warn({ err: error, storeId }, "merchantUpdate"));
    const settings = await readAutoAccept(db, storeId);
    if (!settings?.enabled) continue;
    const [{ busyMinutes }, zones] = await Promise.all([readControls(db, storeId), storeTimeZones(db, [storeId])]);
    await runAutoAccept({
      db,
      storeId,
      settings,
      perform: await getOrderActions(),
      now,
      busyMinutes,
      timeZone: zones.get(storeId),
    });
  }
}

/** Each due 2.0 channel's catalogue compared with its platform's; true when drift was queued. */
async function reconcileCatalogues(db: Database, storeId: string, now: Date): Promise<boolean> {
  let drifted = false;
  for (const channel of connectedChannelsOf(storeId)) {
    if (!catalogueReconcileDue(channel.id, now, env.CATALOG_RECONCILE_SECONDS * 1000)) continue;
    const outcome = await reconcileCatalogue(db, storeId, channel.id, channel.client, now).catch((error: unknown) => {
      log.warn({ err: error, storeId, channelId: channel.id }, "catalogue reconcile");
      return null;
    });
    if (outcome?.checked && outcome.drift.length > 0) drifted = true;
  }
  return drifted;
}

export function startMerchantWorker(): void {
  processSingleton("merchantWorker", () => {
    let running = false;
    const timer = setInterval(() => {
      if (running) return;
      running = true;
      merchantTick()
        .catch((error: unknown) => log.error({ err: error }, "merchant controls tick failed"))
        .finally(() => (running = false));
    }, TICK_MS);
    timer.unref();
    return timer;
  });
}
