import "server-only";
import { asc, eq } from "drizzle-orm";
import type { Database } from "@/lib/db";
import { stores } from "@/lib/db/schema";

export interface StoreName {
  id: string;
  name: string;
}

/** Every store, enabled or not, by name: an admin's stores, the tablet set-up's choices. */
export async function listStoreNames(db: Database): Promise<StoreName[]> {
  return db.select({ id: stores.id, name: stores.name }).from(stores).orderBy(asc(stores.name));
}

/** A store's name, or null when there is no such store. */
export async function findStoreName(db: Database, storeId: string): Promise<string | null> {
  const [row] = await db.select({ name: stores.name }).from(stores).where(eq(stores.id, storeId));
  return row?.name ?? null;
}
