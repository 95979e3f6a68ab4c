import "server-only";
import { count, isNull, sql } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { orders } from "@/lib/db/schema";
import type { SyncStartError } from "@/lib/contract/manager";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { judgeConnection } from "@/lib/stores/health";
import { readPollStates } from "@/lib/stores/poll-state";
import { getChannelConnection, syncState } from "@/lib/sync/registry";
import { contactEvidence, type ContactScope } from "@/lib/sync/store-contact";

/** One channel's link to its platform (issue 28: a restaurant has one per channel). */
export interface StoreHealth {
  /** The channel's id. */
  id: string;
  /** Its restaurant's id and name. */
  storeId: string;
  label: string;
  /** The platform's name. */
  platform: string;
  name: string;
  polling: boolean;
  lastPollAt: string | null;
  lastSuccessfulPollAt: string | null;
  /** Seconds since the last successful poll (or since polling started, when none succeeded). */
  lagSeconds: number | null;
  consecutiveFailures: number;
  /** Orders on the board flagged "details unreadable", still being re-read. */
  parkedOrders: number;
  /** Orders whose events wait unacknowledged because their details cannot be read yet. */
  deferredOrders: number;
  lastError: string | null;
  healthy: boolean;
}

export interface Health {
  status: "ok" | "degraded";
  database: "ok" | "error";
  platform: typeof env.platformMode;
  stores: StoreHealth[];
  /** Why the stores could not be resolved, while they cannot. */
  syncError: SyncStartError | null;
}

/** This instance is healthy when it polls every enabled store itself (each instance polls them all). */
const THIS_INSTANCE: ContactScope = { otherInstances: false, rowAgeSeconds: 0, watchedSince: null };

export async function getHealth(now = new Date()): Promise<Health> {
  const sync = syncState();
  try {
    const db = await getDb();
    await db.execute(sql`select 1`);
    const rows = await readPollStates(db);
    const parked = await db
      .select({ channelId: orders.channelId, parked: count() })
      .from(orders)
      .where(isNull(orders.summary))
      .groupBy(orders.channelId);
    const storeHealth = rows.map((row): StoreHealth => {
      const poller = getChannelConnection(row.id)?.poller;
      const status = poller?.status;
      const { state, silentSeconds } = judgeConnection(contactEvidence(row, poller, THIS_INSTANCE), now);
      return {
        id: row.id,
        storeId: row.storeId,
        label: row.label,
        platform: row.platform,
        name: row.name,
        polling: poller !== undefined,
        lastPollAt: iso(status?.lastPollAt ?? row.lastPollAt),
        lastSuccessfulPollAt: iso(status?.lastPollOkAt ?? row.lastPollOkAt),
        lagSeconds: silentSeconds === null ? null : Math.round(silentSeconds * 10) / 10,
        consecutiveFailures: poller?.running ? status!.consecutiveFailures : row.consecutiveFailures,
        parkedOrders: parked.find((entry) => entry.channelId === row.id)?.parked ?? 0,
        deferredOrders: poller?.deferredOrders ?? 0,
        lastError: status ? status.lastError : row.lastError,
        // Degraded is still healthy: the board already warns the kitchen, the check waits for down.
        healthy: state !== "down",
      };
    });
    const healthy = storeHealth.every((store) => store.healthy) && sync.startError === null;
    return {
      status: healthy ? "ok" : "degraded",
      database: "ok",
      platform: env.platformMode,
      syncError: sync.startError,
      stores: storeHealth,
    };
  } catch (error) {
    log.error({ err: error }, "health check: database unavailable");
    return {
      status: "degraded",
      database: "error",
      platform: env.platformMode,
      stores: [],
      syncError: sync.startError,
    };
  }
}

function iso(date: Date | null | undefined): string | null {
  return date ? date.toISOString() : null;
}
