import "server-only";
import { DEFAULT_TIME_ZONE } from "@/lib/i18n/config";
import { getDb, type Database } from "@/lib/db";
import { AppError } from "@/lib/errors";
import type { MerchantAction } from "@/lib/contract/merchant";
import type { MerchantState } from "@/lib/contract/merchant-state";
import { loadEnabledChannels } from "@/lib/stores/config";
import { storeApiClient } from "@/lib/stores/store-view";
import { connectedChannelsOf, getChannelConnection } from "@/lib/sync/registry";
import { storeTimeZones } from "@/lib/stores/time-zones";
import { addDays, localParts, startOfLocalDay } from "@/lib/time/local-days";
import { PACING_ACTOR } from "@/lib/orders/pacing";
import { rotateApiKey } from "./api-key";
import { channelPauseStates, pauseChannel, resumeChannel } from "./channel-pause";
import { saveAutoAccept, readAutoAccept } from "./auto-accept-settings";
import {
  enqueue,
  enqueueFor,
  markSoldOut,
  pauseStore,
  pendingRestaurantUpdates,
  readControls,
  recentControlChanges,
  restock,
  resumeStore,
  setBusyMinutes,
  soldOutList,
} from "./controls";
import type { ImportedMenu } from "./document-ids";
import { importMenu, type CatalogueSource } from "./menu-import";
import { pairByHand } from "./menu-pairs";
import { setStock, stockOf } from "./stock";
import { menuEntries } from "./menu-refs";
import { flushMerchantUpdates, REFUSED } from "./outbox";

import { desc, eq, inArray } from "drizzle-orm";
import { channels, merchantControls, merchantUpdates } from "@/lib/db/schema";

// The routes' one entry to merchant controls: an action by a named person, then the store's
// state as the board and back office show it. Each change is sent to the platform at once when
// it answers; otherwise the worker (./worker.ts) retries with back-off.

export const MERCHANT_ENDPOINT_PATH = "/api/open-delivery/v1/merchant";

/** The store's GET /v1/merchant address given to the platform, at Comanda's public origin. */
export function merchantEndpointUrl(storeId: string, publicOrigin: string): string {
  return `${publicOrigin}${MERCHANT_ENDPOINT_PATH}/${encodeURIComponent(storeId)}`;
}

/** End of the store's local day, in its own zone (sold out "until end of day"). */
export function endOfDay(now: Date, timeZone = DEFAULT_TIME_ZONE): Date {
  const { day } = localParts(now, timeZone);
  return startOfLocalDay(addDays(day, 1), timeZone);
}

/**
 * Sends each of the restaurant's channels its queued merchantUpdates, every channel on its own:
 * one platform failing never holds another's (the outbox retries it with its own back-off).
 */
export async function flushStore(db: Database, storeId: string, now: Date): Promise<void> {
  const results = await Promise.allSettled(
    connectedChannelsOf(storeId).map((channel) => flushMerchantUpdates(db, channel.id, channel.client, now)),
  );
  const failure = results.find((result) => result.status === "rejected");
  if (failure) throw failure.reason;
}

/**
 * The restaurant's enabled channels whose catalogue can be read (store API credentials): its own
 * channel (the restaurant's id) first — the menu's base when no sources are named — then by label.
 */
async function cataloguesOf(db: Database, storeId: string): Promise<CatalogueSource[]> {
  const configs = (await loadEnabledChannels(db))
    .filter((config) => config.restaurantId === storeId)
    .sort((a, b) => Number(b.id === storeId) - Number(a.id === storeId) || a.label.localeCompare(b.label));
  return configs.flatMap((config) => {
    const client = storeApiClient(config);
    return client ? [{ channelId: config.id, client }] : [];
  });
}

export async function performMerchantAction(
  storeId: string,
  action: MerchantAction,
  actor: string,
  origin: string,
  now = new Date(),
): Promise<{ state: MerchantState; apiKey?: string }> {
  const db = await getDb();
  let apiKey: string | undefined;
  switch (action.action) {
    case "pause": {
      const input = { minutes: action.minutes, reason: action.reason, actor };
      if (action.channelId) await pauseChannel(db, storeId, action.channelId, input, now);
      else await pauseStore(db, storeId, input, now);
      break;
    }
    case "resume":
      if (action.channelId) await resumeChannel(db, storeId, action.channelId, { actor }, now);
      else await resumeStore(db, storeId, { actor }, now);
      break;
    case "busy":
      await setBusyMinutes(db, storeId, action.minutes, { actor }, now);
      break;
    case "soldOut": {
      const until =
        action.until === "restocked"
          ? null
          : action.until === "endOfDay"
            ? endOfDay(now, (await storeTimeZones(db, [storeId])).get(storeId))
            : new Date(now.getTime() + action.until * 3_600_000);
      await markSoldOut(db, storeId, action.refs, { until, actor }, now);
      break;
    }
    case "restock":
      await restock(db, storeId, action.refs, now);
      break;
    case "stock":
      await setStock(db, storeId, action, actor, now);
      break;
    case "importMenu": {
      const catalogues = await cataloguesOf(db, storeId);
      const sources = action.channels ?? catalogues.slice(0, 1).map((c) => c.channelId);
      if (sources.length === 0 || sources.some((id) => !catalogues.some((c) => c.channelId === id)))
        throw new AppError("store_not_connected", "This store has no store API credentials.");
      await importMenu(db, storeId, catalogues, now, sources);
      // Every platform reads the new menu when asked (an empty merchantUpdate).
      await enqueue(db, storeId, {}, now);
      break;
    }
    case "pairItem": {
      await pairByHand(db, storeId, (await readControls(db, storeId)).menu as ImportedMenu | null, action);
      // The channel's document lists another item now: its platform reads it again.
      await enqueueFor(db, storeId, action.channelId, {}, now);
      break;
    }
    case "rotateKey":
      apiKey = await rotateApiKey(db, storeId, now);
      break;
    case "onboard": {
      const channels = connectedChannelsOf(storeId);
      if (channels.length === 0)
        throw new AppError("store_not_connected", "This store is not connected to the platform.");
      const row = await readControls(db, storeId);
      if (!row.menu) throw new AppError("bad_request", "Import the menu first.");
      // A fresh key goes with every onboarding: the platforms are the only ones that must know it.
      // Each platform is given its own channel's address (its merchant id); the restaurant's menu
      // and key serve them all.
      const key = await rotateApiKey(db, storeId, now);
      for (const channel of channels)
        await channel.client.merchantOnboarding(channel.id, {
          getMerchantURL: { baseURL: merchantEndpointUrl(channel.id, origin), apiKey: key },
        });
      await db.update(merchantControls).set({ onboardedAt: now }).where(eq(merchantControls.storeId, storeId));
      break;
    }
    case "autoAccept":
      await saveAutoAccept(db, storeId, action.settings, now);
      break;
  }
  // Best effort now; the worker retries what the platform did not take.
  await flushStore(db, storeId, now).catch(() => undefined);
  return { state: await merchantStateOf(storeId, db), ...(apiKey ? { apiKey } : {}) };
}

/** The store's latest update when the platform refused it (gone once a later one goes through). */
async function lastRefusal(db: Database, storeId: string): Promise<string | null> {
  const [latest] = await db
    .select({ lastError: merchantUpdates.lastError })
    .from(merchantUpdates)
    .where(eq(merchantUpdates.storeId, storeId))
    .orderBy(desc(merchantUpdates.id))
    .limit(1);
  return latest?.lastError?.startsWith(REFUSED) ? latest.lastError : null;
}

/** Pacing holds busy mode or the pause: the board shows its reason. */
const pacingHolds = (row: { busyBy: string | null; busyMinutes: number; paused: boolean; pausedBy: string | null }) =>
  (row.busyBy === PACING_ACTOR && row.busyMinutes > 0) || (row.paused && row.pausedBy === PACING_ACTOR);

export async function merchantStateOf(storeId: string, database?: Database): Promise<MerchantState> {
  const db = database ?? (await getDb());
  const row = await readControls(db, storeId);
  const pending = await pendingRestaurantUpdates(db, storeId);
  const soldOut = await soldOutList(db, storeId);
  return {
    storeId,
    paused: row.paused,
    pausedUntil: row.pausedUntil?.toISOString() ?? null,
    pauseReason: row.pauseReason,
    pausedBy: row.pausedBy,
    busyMinutes: row.busyMinutes,
    busyBy: row.busyBy,
    pacing: pacingHolds(row) ? row.pacingReason : null,
    unconfirmed: pending.length,
    waitingChannels: await waitingChannels(db, [...new Set(pending.map((update) => update.channelId))]),
    channels: await channelPauseStates(db, storeId),
    lastSyncError: pending.find((p) => p.lastError)?.lastError ?? (await lastRefusal(db, storeId)),
    soldOut: soldOut.map((s) => ({
      kind: s.kind,
      refId: s.refId,
      name: s.name,
      until: s.until?.toISOString() ?? null,
      markedBy: s.markedBy,
    })),
    stock: await stockOf(db, storeId),
    menu: menuEntries((row.menu as ImportedMenu | null) ?? null),
    menuImportedAt: row.menuImportedAt?.toISOString() ?? null,
    autoAccept: await readAutoAccept(db, storeId),
    hasApiKey: row.apiKeyHash !== null,
    onboardedAt: row.onboardedAt?.toISOString() ?? null,
  };
}

/** The labels of these channels, for "waiting for Plataforma B". */
async function waitingChannels(db: Database, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: channels.id, label: channels.label })
    .from(channels)
    .where(inArray(channels.id, [...ids]))
    .orderBy(channels.label);
}

/** The platform's merchantStatus of a channel, for Integrations and Operations (null when it cannot say). */
export async function platformReadStatus(channelId: string): Promise<MerchantState["platformRead"]> {
  const client = getChannelConnection(channelId)?.client;
  if (!client) return null;
  return client.merchantStatus(channelId).catch(() => null);
}

/** Who paused, reopened or set busy mode lately (Operations' audit; pacing as "pacing"). */
export async function controlChangesOf(storeId: string): Promise<MerchantState["controlChanges"]> {
  return recentControlChanges(await getDb(), storeId);
}
