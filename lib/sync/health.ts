import "server-only";
import { count, isNull, sql } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { orders, stores } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { syncState } from "./registry";

export interface StoreHealth {
  id: string;
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
  syncError: string | null;
}

/** A store is unhealthy when it has gone this many intervals without a successful poll… */
const UNHEALTHY_AFTER_INTERVALS = 3;
/** …and at least this long, so one slow poll of a 2 s sandbox interval does not flap the check. */
const UNHEALTHY_FLOOR_SECONDS = 10;

export async function getHealth(now = new Date()): Promise<Health> {
  const state = syncState();
  try {
    const db = await getDb();
    await db.execute(sql`select 1`);
    const rows = await db.select().from(stores).orderBy(stores.name);
    const parked = await db
      .select({ storeId: orders.storeId, parked: count() })
      .from(orders)
      .where(isNull(orders.summary))
      .groupBy(orders.storeId);
    const storeHealth = rows.map((row): StoreHealth => {
      const poller = state.connections.get(row.id)?.poller;
      const status = poller?.status;
      const lastOk = status?.lastPollOkAt ?? row.lastPollOkAt;
      const reference = lastOk ?? status?.startedAt ?? null;
      const lagSeconds = reference ? Math.max(0, (now.getTime() - reference.getTime()) / 1000) : null;
      const limitSeconds = (poller ? poller.intervalMs / 1000 : row.pollIntervalSeconds) * UNHEALTHY_AFTER_INTERVALS;
      return {
        id: row.id,
        name: row.name,
        polling: poller !== undefined,
        lastPollAt: iso(status?.lastPollAt ?? row.lastPollAt),
        lastSuccessfulPollAt: iso(lastOk),
        lagSeconds: lagSeconds === null ? null : Math.round(lagSeconds * 10) / 10,
        consecutiveFailures: status?.consecutiveFailures ?? 0,
        parkedOrders: parked.find((entry) => entry.storeId === row.id)?.parked ?? 0,
        deferredOrders: poller?.deferredOrders ?? 0,
        lastError: status ? status.lastError : row.lastError,
        // A store whose poller runs must have succeeded recently; a disabled one is not judged.
        healthy: !row.enabled || (poller !== undefined && lagSeconds !== null && lagSeconds <= Math.max(limitSeconds, UNHEALTHY_FLOOR_SECONDS)),
      };
    });
    const healthy = storeHealth.every((store) => store.healthy) && state.startError === null;
    return { status: healthy ? "ok" : "degraded", database: "ok", platform: env.platformMode, syncError: state.startError, stores: storeHealth };
  } catch (error) {
    log.error({ err: error }, "health check: database unavailable");
    return { status: "degraded", database: "error", platform: env.platformMode, stores: [], syncError: state.startError };
  }
}

function iso(date: Date | null | undefined): string | null {
  return date ? date.toISOString() : null;
}
