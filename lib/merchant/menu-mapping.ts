import type { MenuCategory, MenuItem } from "@/lib/platform/store-api/types";
import type { ImportedMenu } from "./document-ids";

// One menu, mapped (issue 28): the restaurant's menu is merged from one or more channels'
// catalogues, and each channel's items are paired with the restaurant's — by code, then by name,
// or by a manager's hand. Pure: lib/merchant/menu-import.ts reads the catalogues and stores what
// this decides. Only the catalogue's items are mapped; options, pizza sizes and flavours keep the
// restaurant's ids on every channel.

/** How a channel item came to its restaurant item: "added" when the import took it into the menu. */
export type MatchedBy = "code" | "name" | "hand" | "added";

/** A channel's catalogue item and the restaurant item it stands for (null: not paired). */
export type ChannelPair = {
  channelItemId: number;
  name: string;
  code: string | null;
  itemId: number | null;
  matchedBy: MatchedBy | null;
};

type Matchable = { id: number; name: string; code?: string };

/** Names compared as a person reads them: case, accents and spacing do not count. */
export const normaliseName = (name: string) =>
  name.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().replace(/\s+/g, " ").trim();

const normaliseCode = (code: string | undefined) => code?.trim().toUpperCase() ?? "";

/**
 * Pairs a channel's items with the restaurant's, one to one: a manager's pairs first (while both
 * items exist), then equal codes, then equal names, each pass in the channel's order taking the
 * first restaurant item still free. One to one, so each restaurant item names one item on each
 * platform and a sold-out mark has exactly one thing to name there.
 */
export function matchItems(
  restaurant: readonly Matchable[],
  channel: readonly Matchable[],
  hand: ReadonlyMap<number, number> = new Map(),
): Map<number, { itemId: number; matchedBy: MatchedBy }> {
  const pairs = new Map<number, { itemId: number; matchedBy: MatchedBy }>();
  const taken = new Set<number>();
  const known = new Set(restaurant.map((item) => item.id));
  const take = (channelItemId: number, itemId: number, matchedBy: MatchedBy) => {
    pairs.set(channelItemId, { itemId, matchedBy });
    taken.add(itemId);
  };
  for (const item of channel) {
    const itemId = hand.get(item.id);
    if (itemId !== undefined && known.has(itemId) && !taken.has(itemId) && !pairs.has(item.id))
      take(item.id, itemId, "hand");
  }
  const pass = (key: (item: Matchable) => string, matchedBy: MatchedBy) => {
    for (const item of channel) {
      if (pairs.has(item.id) || !key(item)) continue;
      const found = restaurant.find((candidate) => !taken.has(candidate.id) && key(candidate) === key(item));
      if (found) take(item.id, found.id, matchedBy);
    }
  };
  pass((item) => normaliseCode(item.code), "code");
  pass((item) => normaliseName(item.name), "name");
  return pairs;
}

/** The catalogue's items (the pizza module's categories hold none: its sizes are not mapped). */
export const catalogueItems = (imported: ImportedMenu): MenuItem[] =>
  imported.menu.categories.filter((c) => !c.isPizzaModule).flatMap((c) => c.items);

export type ChannelCatalogue = { channelId: string; imported: ImportedMenu };

/**
 * The restaurant's menu from its sources' catalogues, in order, and every channel's pairs. The
 * first source is the base (its store data, pizza module and ids); an item of a later source that
 * pairs with none already in is added, under the category of the same name (or a copy of its own),
 * keeping its id unless the menu already uses it. Channels that are not sources are only paired.
 */
export function mergeCatalogues(
  sources: readonly ChannelCatalogue[],
  others: readonly ChannelCatalogue[],
  hand: ReadonlyMap<string, ReadonlyMap<number, number>> = new Map(),
): { menu: ImportedMenu; pairs: Map<string, ChannelPair[]> } {
  const [base] = sources;
  if (!base) throw new Error("a menu needs at least one source");
  const categories: MenuCategory[] = base.imported.menu.categories.map((c) =>
    c.isPizzaModule ? c : { ...c, items: [] },
  );
  const usedIds = new Set<number>();
  const usedCategoryIds = new Set(categories.map((c) => c.id));
  const freshId = (used: Set<number>, wanted: number) => {
    let id = wanted;
    if (used.has(id)) id = Math.max(...used) + 1;
    used.add(id);
    return id;
  };
  const categoryFor = (source: MenuCategory, isBase: boolean): MenuCategory => {
    const same = categories.find((c) =>
      isBase ? c.id === source.id : !c.isPizzaModule && normaliseName(c.name) === normaliseName(source.name),
    );
    if (same) return same;
    const added = { ...source, id: freshId(usedCategoryIds, source.id), items: [] };
    categories.push(added);
    return added;
  };
  const restaurantItems = () => categories.filter((c) => !c.isPizzaModule).flatMap((c) => c.items);

  const pairs = new Map<string, ChannelPair[]>();
  const pairChannel = ({ channelId, imported }: ChannelCatalogue, isSource: boolean) => {
    const matched = matchItems(restaurantItems(), catalogueItems(imported), hand.get(channelId));
    const list: ChannelPair[] = [];
    const seen = new Set<number>();
    for (const category of imported.menu.categories.filter((c) => !c.isPizzaModule)) {
      for (const item of category.items) {
        // An item listed under two categories is one item.
        if (seen.has(item.id)) continue;
        seen.add(item.id);
        let match = matched.get(item.id) ?? null;
        if (!match && isSource) {
          const id = freshId(usedIds, item.id);
          categoryFor(category, imported === base.imported).items.push({ ...item, id });
          match = { itemId: id, matchedBy: "added" };
        }
        list.push({
          channelItemId: item.id,
          name: item.name,
          code: item.code ?? null,
          itemId: match?.itemId ?? null,
          matchedBy: match?.matchedBy ?? null,
        });
      }
    }
    pairs.set(channelId, list);
  };
  for (const source of sources) pairChannel(source, true);
  for (const other of others) pairChannel(other, false);
  return { menu: { store: base.imported.store, menu: { ...base.imported.menu, categories } }, pairs };
}
