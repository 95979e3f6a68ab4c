import "server-only";
import { and, asc, eq, isNotNull } from "drizzle-orm";
import type { Database } from "@/lib/db";
import { channels, menuMappings, merchantControls } from "@/lib/db/schema";
import type { MenuMapping } from "@/lib/contract/menu-mapping";
import { AppError } from "@/lib/errors";
import type { ImportedMenu } from "./document-ids";
import { catalogueItems } from "./menu-mapping";
import { menuEntries } from "./menu-refs";

/** The restaurant's imported menu (no controls row is made for a read). */
async function importedMenu(db: Database, storeId: string) {
  const [row] = await db
    .select({ menu: merchantControls.menu })
    .from(merchantControls)
    .where(eq(merchantControls.storeId, storeId));
  return { menu: row?.menu ?? null };
}

// The stored pairs of each channel's catalogue items with the restaurant's (menu_mappings, 0022):
// what a channel's document lists and its sold-out updates name (./document.ts, ./controls.ts),
// the store page's list, and a manager's hand pairs. Written whole by ./menu-import.ts.

/**
 * The channel's paired items, restaurant item id → the channel's catalogue id; undefined when the
 * channel has no catalogue on record (never imported, or moved here since): it serves the whole menu.
 */
export async function channelItemsOf(
  db: Database,
  storeId: string,
  channelId: string,
): Promise<Map<number, number> | undefined> {
  const rows = await db
    .select({ itemId: menuMappings.itemId, channelItemId: menuMappings.channelItemId })
    .from(menuMappings)
    .where(and(eq(menuMappings.storeId, storeId), eq(menuMappings.channelId, channelId)));
  if (rows.length === 0) return undefined;
  return new Map(rows.flatMap((row) => (row.itemId === null ? [] : [[row.itemId, row.channelItemId] as const])));
}

/** Every channel's pairs of the restaurant, by channel, in the channel's catalogue order of import. */
export async function restaurantPairs(db: Database, storeId: string) {
  return db
    .select()
    .from(menuMappings)
    .where(eq(menuMappings.storeId, storeId))
    .orderBy(asc(menuMappings.channelId), asc(menuMappings.name));
}

/**
 * A manager pairs a channel's item with a restaurant item (or unpairs it: null). One to one: the
 * channel item that held the restaurant item before is left unpaired. Unknown items are a 400.
 */
export async function pairByHand(
  db: Database,
  storeId: string,
  imported: ImportedMenu | null,
  input: { channelId: string; channelItemId: number; itemId: number | null },
): Promise<void> {
  const { channelId, channelItemId, itemId } = input;
  if (itemId !== null && !(imported && catalogueItems(imported).some((item) => item.id === itemId)))
    throw new AppError("bad_request", `No item ${itemId} on this restaurant's menu.`);
  const row = and(
    eq(menuMappings.storeId, storeId),
    eq(menuMappings.channelId, channelId),
    eq(menuMappings.channelItemId, channelItemId),
  );
  await db.transaction(async (tx) => {
    const [found] = await tx.select().from(menuMappings).where(row);
    if (!found) throw new AppError("bad_request", `No item ${channelItemId} in this channel's catalogue.`);
    if (itemId !== null)
      await tx
        .update(menuMappings)
        .set({ itemId: null, matchedBy: null })
        .where(
          and(
            eq(menuMappings.storeId, storeId),
            eq(menuMappings.channelId, channelId),
            isNotNull(menuMappings.itemId),
            eq(menuMappings.itemId, itemId),
          ),
        );
    await tx
      .update(menuMappings)
      .set({ itemId, matchedBy: itemId === null ? null : "hand" })
      .where(row);
  });
}

/** The store page's view: the restaurant's items and each enabled platform channel's pairs. */
export async function menuMappingOf(db: Database, storeId: string): Promise<MenuMapping> {
  const { menu } = await importedMenu(db, storeId);
  const items = menuEntries((menu as ImportedMenu | null) ?? null)
    .filter((entry) => entry.kind === "item")
    .map(({ refId, name, group }) => ({ id: refId, name, group }));
  const [list, pairs] = await Promise.all([
    db
      .select({ id: channels.id, label: channels.label })
      .from(channels)
      .where(and(eq(channels.restaurantId, storeId), eq(channels.kind, "platform"), eq(channels.enabled, true)))
      .orderBy(asc(channels.label)),
    restaurantPairs(db, storeId),
  ]);
  return {
    items,
    channels: list.map((channel) => ({
      ...channel,
      pairs: pairs
        .filter((pair) => pair.channelId === channel.id)
        .map(({ channelItemId, name, code, itemId, matchedBy }) => ({ channelItemId, name, code, itemId, matchedBy })),
    })),
  };
}
