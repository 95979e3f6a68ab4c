import "server-only";
import { sql } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { stores } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { syncState } from "./registry";

export interface StoreHealth {
  id: string;
  name: string;
  polling: boolean;
  lastPollAt: string | null;
  lastSuccessfulPollAt: string | null;
  lastError: string | null;
}

export interface Health {
  database: "ok" | "error";
  platform: typeof env.platformMode;
  stores: StoreHealth[];
  /** Why the stores could not be resolved, while they cannot. */
  syncError: string | null;
}

export async function getHealth(): Promise<Health> {
  const state = syncState();
  try {
    const db = await getDb();
    await db.execute(sql`select 1`);
    const rows = await db.select().from(stores).orderBy(stores.name);
    return {
      database: "ok",
      platform: env.platformMode,
      syncError: state.startError,
      stores: rows.map((row) => {
        const live = state.connections.get(row.id)?.poller.status;
        return {
          id: row.id,
          name: row.name,
          polling: live !== undefined,
          lastPollAt: iso(live?.lastPollAt ?? row.lastPollAt),
          lastSuccessfulPollAt: iso(live?.lastPollOkAt ?? row.lastPollOkAt),
          lastError: live ? live.lastError : row.lastError,
        };
      }),
    };
  } catch (error) {
    console.error("Health check: database unavailable", error);
    return { database: "error", platform: env.platformMode, stores: [], syncError: state.startError };
  }
}

function iso(date: Date | null | undefined): string | null {
  return date ? date.toISOString() : null;
}
