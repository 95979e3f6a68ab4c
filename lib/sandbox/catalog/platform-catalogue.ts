import type { CategoryDef, ItemDef, StoreDef } from "./types";

// A restaurant's catalogue as each platform lists it. On the first platform it is the catalogue as
// defined (catalog/*-menu.ts, which many tests read); every other platform was typed in by hand
// by someone else, as happens when a restaurant joins a second marketplace, so Comanda's menu
// mapping (issue 28) has something to do. Deterministic, over the items in menu order (pizza
// module aside; options, sizes and flavours are the same everywhere):
//   - every item has the platform's own id: OWN_ID_OFFSET + its id;
//   - the 1st item is as defined (same code and name: paired by code);
//   - the 2nd keeps its code under another name (paired by code);
//   - the 3rd has no code and its name in capitals without accents (paired by name only);
//   - the 4th has another code and another name (not paired: a manager pairs it by hand);
//   - one item only this platform sells closes the last category (not paired; merged in if imported).

export const OWN_ID_OFFSET = 900_000;
/** The id of the item only the other platforms sell: past every own id. */
export const onlyHereId = (store: StoreDef) => 2 * OWN_ID_OFFSET + store.id;

const shout = (name: string) => name.normalize("NFD").replace(/\p{M}/gu, "").toUpperCase();

function relisted(item: ItemDef, position: number): ItemDef {
  const own = { ...item, id: OWN_ID_OFFSET + item.id };
  switch (position) {
    case 1:
      return { ...own, name: `${item.name} (promoção)` };
    case 2:
      return { ...own, customCode: "", name: shout(item.name) };
    case 3:
      return { ...own, customCode: `${item.customCode}-APP`, name: `${item.name} especial` };
    default:
      return own;
  }
}

const cache = new WeakMap<StoreDef, StoreDef>();

/** The store's catalogue on the platform keyed `platformKey` ("" = the first platform). */
export function catalogueOn(store: StoreDef, platformKey: string): StoreDef {
  if (platformKey === "") return store;
  const known = cache.get(store);
  if (known) return known;
  let position = 0;
  const categories: CategoryDef[] = store.categories.map((category) =>
    category.isPizzaModule
      ? category
      : { ...category, items: category.items.map((item) => relisted(item, position++)) },
  );
  const last = categories.findLastIndex((category) => !category.isPizzaModule);
  const closing = categories[last];
  if (closing)
    categories[last] = {
      ...closing,
      items: [
        ...closing.items,
        {
          id: onlyHereId(store),
          customCode: "EXCLUSIVO-APP",
          name: "Combo exclusivo do app",
          description: "Só nesta plataforma",
          priceCents: 3990,
        },
      ],
    };
  const listed = { ...store, categories };
  cache.set(store, listed);
  return listed;
}
