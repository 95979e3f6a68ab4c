import "server-only";
import { eq, inArray } from "drizzle-orm";
import type { Database } from "@/lib/db";
import { stores } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { DEFAULT_TIME_ZONE } from "@/lib/i18n/config";
import { isTimeZone } from "@/lib/time/zones";

/** Each store's IANA time zone (its own, else DEFAULT_TIME_ZONE): its days, hours and times. */
export async function storeTimeZones(db: Database, storeIds: readonly string[]): Promise<Map<string, string>> {
  const zones = new Map(storeIds.map((id) => [id, DEFAULT_TIME_ZONE]));
  if (storeIds.length === 0) return zones;
  const rows = await db
    .select({ id: stores.id, timeZone: stores.timeZone })
    .from(stores)
    .where(inArray(stores.id, [...storeIds]));
  for (const row of rows) if (row.timeZone && isTimeZone(row.timeZone)) zones.set(row.id, row.timeZone);
  return zones;
}

/**
 * The one zone for views over several stores (a history's days, a report's range): theirs when
 * they share it, else the default (each store's own rows still show in its own zone).
 */
export function sharedZone(zones: ReadonlyMap<string, string>, storeIds: readonly string[]): string {
  const distinct = new Set(storeIds.map((id) => zones.get(id) ?? DEFAULT_TIME_ZONE));
  return distinct.size === 1 ? [...distinct][0]! : DEFAULT_TIME_ZONE;
}

export async function setStoreTimeZone(db: Database, storeId: string, timeZone: string): Promise<void> {
  if (!isTimeZone(timeZone)) throw new AppError("bad_request", `Unknown time zone: ${timeZone}.`);
  const updated = await db
    .update(stores)
    .set({ timeZone, updatedAt: new Date() })
    .where(eq(stores.id, storeId))
    .returning({ id: stores.id });
  if (updated.length === 0) throw new AppError("not_found", "There is no such store.");
}
