import "server-only";
import { and, eq } from "drizzle-orm";
import type { Database } from "@/lib/db";
import { menuMappings, merchantControls } from "@/lib/db/schema";
import type { StoreApiClient } from "@/lib/platform/store-api/client";
import { log } from "@/lib/log";
import { readControls } from "./controls";
import type { ImportedMenu } from "./document-ids";
import { mergeCatalogues, type ChannelCatalogue } from "./menu-mapping";

// The merchant document's menu starts from the platforms' store API catalogues: imported, merged
// and mapped (./menu-mapping.ts) on demand. Comanda's availability (pause, sold out) lives in its
// own tables keyed by the menu's ids, so a refresh replaces the catalogue and keeps every mark.

export type CatalogueSource = {
  channelId: string;
  client: Pick<StoreApiClient, "store" | "menu"> & Partial<Pick<StoreApiClient, "deliveryAreas" | "specificLocations">>;
};

async function read({ channelId, client }: CatalogueSource): Promise<ChannelCatalogue> {
  const [store, menu] = await Promise.all([client.store(), client.menu()]);
  return { channelId, imported: { store, menu } };
}

/**
 * Imports the restaurant's menu from `sourceIds` (in order; default the first channel) and pairs
 * every channel's catalogue with it. A source that cannot be read fails the import; another channel
 * that cannot be read keeps its pairs of before. A manager's pairs are kept while both items exist.
 */
export async function importMenu(
  db: Database,
  storeId: string,
  channels: readonly CatalogueSource[],
  now: Date,
  sourceIds: readonly string[] = channels.slice(0, 1).map((c) => c.channelId),
): Promise<ImportedMenu> {
  await readControls(db, storeId);
  const isSource = (c: CatalogueSource) => sourceIds.includes(c.channelId);
  const sources = await Promise.all(sourceIds.flatMap((id) => channels.filter((c) => c.channelId === id)).map(read));
  const others = (await Promise.allSettled(channels.filter((c) => !isSource(c)).map(read))).flatMap((r) =>
    r.status === "fulfilled" ? [r.value] : [],
  );
  const handRows = await db
    .select()
    .from(menuMappings)
    .where(and(eq(menuMappings.storeId, storeId), eq(menuMappings.matchedBy, "hand")));
  const hand = new Map<string, Map<number, number>>();
  for (const row of handRows)
    if (row.itemId !== null)
      hand.set(row.channelId, (hand.get(row.channelId) ?? new Map()).set(row.channelItemId, row.itemId));

  const merged = mergeCatalogues(sources, others, hand);
  // Where the restaurant delivers, from its first source (own delivery orders' fees, issue 30).
  const first = channels.find((c) => c.channelId === sourceIds[0]);
  const delivery = first ? await deliveryZones(first.client) : undefined;
  const menu: ImportedMenu = { ...merged.menu, ...(delivery ? { delivery } : {}) };
  const { pairs } = merged;
  await db.transaction(async (tx) => {
    await tx
      .update(merchantControls)
      .set({ menu, menuImportedAt: now, updatedAt: now })
      .where(eq(merchantControls.storeId, storeId));
    for (const [channelId, list] of pairs) {
      await tx
        .delete(menuMappings)
        .where(and(eq(menuMappings.storeId, storeId), eq(menuMappings.channelId, channelId)));
      if (list.length > 0) await tx.insert(menuMappings).values(list.map((pair) => ({ storeId, channelId, ...pair })));
    }
  });
  return menu;
}

/**
 * The store's delivery zones, for own delivery orders' fees. A platform without them (or failing
 * to give them) still has its menu imported: own orders then say the address is outside every
 * delivery area until the next import.
 */
async function deliveryZones(client: CatalogueSource["client"]): Promise<ImportedMenu["delivery"]> {
  if (!client.deliveryAreas || !client.specificLocations) return undefined;
  try {
    const [areas, locations] = await Promise.all([client.deliveryAreas(), client.specificLocations()]);
    return { areas, locations };
  } catch (error) {
    log.warn({ err: error }, "the store API's delivery zones could not be read; the menu is imported without them");
    return undefined;
  }
}
