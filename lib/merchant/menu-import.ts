import "server-only";
import { eq } from "drizzle-orm";
import type { Database } from "@/lib/db";
import { merchantControls } from "@/lib/db/schema";
import type { StoreApiClient } from "@/lib/platform/store-api/client";
import { log } from "@/lib/log";
import { readControls } from "./controls";
import type { ImportedMenu } from "./document-ids";

// The merchant document's menu starts from the platform's store API catalogue: imported once,
// refreshed on demand. Comanda's availability (pause, sold out) lives in its own tables keyed by
// the store API's ids, so a refresh replaces the catalogue and keeps every sold-out mark.

export async function importMenu(
  db: Database,
  storeId: string,
  client: Pick<StoreApiClient, "store" | "menu"> & Partial<Pick<StoreApiClient, "deliveryAreas" | "specificLocations">>,
  now: Date,
): Promise<ImportedMenu> {
  await readControls(db, storeId);
  const [store, menu, delivery] = await Promise.all([client.store(), client.menu(), deliveryZones(client)]);
  const imported: ImportedMenu = { store, menu, ...(delivery ? { delivery } : {}) };
  await db
    .update(merchantControls)
    .set({ menu: imported, menuImportedAt: now, updatedAt: now })
    .where(eq(merchantControls.storeId, storeId));
  return imported;
}

/**
 * The store's delivery zones, for own delivery orders' fees. A platform without them (or failing
 * to give them) still has its menu imported: own orders then say the address is outside every
 * delivery area until the next import.
 */
async function deliveryZones(
  client: Partial<Pick<StoreApiClient, "deliveryAreas" | "specificLocations">>,
): Promise<ImportedMenu["delivery"]> {
  if (!client.deliveryAreas || !client.specificLocations) return undefined;
  try {
    const [areas, locations] = await Promise.all([client.deliveryAreas(), client.specificLocations()]);
    return { areas, locations };
  } catch (error) {
    log.warn({ err: error }, "the store API's delivery zones could not be read; the menu is imported without them");
    return undefined;
  }
}
