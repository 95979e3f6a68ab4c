import "server-only";
import { eq } from "drizzle-orm";
import type { Database } from "@/lib/db";
import { merchantControls } from "@/lib/db/schema";
import type { StoreApiClient } from "@/lib/platform/store-api/client";
import { readControls } from "./controls";
import type { ImportedMenu } from "./document-ids";

// The merchant document's menu starts from the platform's store API catalogue: imported once,
// refreshed on demand. Comanda's availability (pause, sold out) lives in its own tables keyed by
// the store API's ids, so a refresh replaces the catalogue and keeps every sold-out mark.

export async function importMenu(
  db: Database,
  storeId: string,
  client: Pick<StoreApiClient, "store" | "menu">,
  now: Date,
): Promise<ImportedMenu> {
  await readControls(db, storeId);
  const [store, menu] = await Promise.all([client.store(), client.menu()]);
  const imported: ImportedMenu = { store, menu };
  await db
    .update(merchantControls)
    .set({ menu: imported, menuImportedAt: now, updatedAt: now })
    .where(eq(merchantControls.storeId, storeId));
  return imported;
}
