import type { MerchantState } from "@/lib/contract/merchant-state";
import type { SoldOutKind } from "@/lib/contract/board-values";
import type { MenuProperty } from "@/lib/platform/store-api/types";
import { offerId, optionEntityId, type ImportedMenu } from "./document-ids";
import { flavorOptionId, sizeOfferId } from "./pizza-document";

// Everything a cook can sell out on a store's imported menu, by the store API's ids: items,
// options (every property's, the pizza sizes' doughs and crusts included), pizza sizes and pizza
// flavours. One home for the walk over the menu: the board's list, the names kept with a mark and
// the merchantUpdate ids a mark sends all come from here, so the three never disagree.

export type SoldOutRef = { kind: SoldOutKind; refId: number };

type Entry = MerchantState["menu"][number];

/** What the platform's catalogue already holds unavailable is listed as such, not offered to sell out. */
const unavailable = (status: string | null | undefined): { unavailable?: true } =>
  status && status !== "AVAILABLE" ? { unavailable: true } : {};

function* properties(imported: ImportedMenu): Generator<MenuProperty> {
  for (const category of imported.menu.categories) for (const item of category.items) yield* item.properties;
  for (const size of imported.menu.pizzaSizes) yield* size.properties;
}

/** The menu as the board lists it, each entry once, in menu order. */
export function menuEntries(imported: ImportedMenu | null): Entry[] {
  if (!imported) return [];
  const { categories, pizzaSizes } = imported.menu;
  const list: Entry[] = [];
  const seen = new Set<string>();
  const add = (entry: Entry) => {
    const key = `${entry.kind}:${entry.refId}`;
    if (seen.has(key)) return;
    seen.add(key);
    list.push(entry);
  };
  const pizzaGroup = categories.find((c) => c.isPizzaModule)?.name ?? "Pizzas";
  for (const size of pizzaSizes)
    add({ kind: "size", refId: size.id, name: size.name, group: pizzaGroup, ...unavailable(size.status) });
  for (const size of pizzaSizes)
    for (const flavor of size.flavors)
      add({ kind: "flavor", refId: flavor.id, name: flavor.name, group: pizzaGroup, ...unavailable(flavor.status) });
  for (const category of categories)
    for (const item of category.items)
      add({ kind: "item", refId: item.id, name: item.name, group: category.name, ...unavailable(item.status) });
  for (const property of properties(imported))
    for (const option of property.options)
      add({ kind: "option", refId: option.id, name: option.name, group: property.name, ...unavailable(option.status) });
  return list;
}

/** The entry's name on the imported menu, or undefined when the menu does not list it. */
export function refName(imported: ImportedMenu | null, ref: SoldOutRef): string | undefined {
  return menuEntries(imported).find((entry) => entry.kind === ref.kind && entry.refId === ref.refId)?.name;
}

/**
 * The merchant document's ids an availability change touches: items and pizza sizes are
 * ItemOffers; an option is one Option per property listing it, a flavour one Option per size
 * listing it (./pizza-document.ts). The objects themselves come from the document
 * (`entityUpdates` in ./document.ts).
 */
export function availabilityIds(
  storeId: string,
  imported: ImportedMenu | null,
  refs: readonly SoldOutRef[],
): { offerIds: string[]; optionIds: string[] } {
  const offerIds: string[] = [];
  const optionIds: string[] = [];
  const allProperties = imported ? [...properties(imported)] : [];
  const sizes = imported?.menu.pizzaSizes ?? [];
  for (const ref of refs) {
    switch (ref.kind) {
      case "item":
        offerIds.push(offerId(storeId, ref.refId));
        break;
      case "size":
        offerIds.push(sizeOfferId(storeId, ref.refId));
        break;
      case "option": {
        const holders = allProperties.filter((p) => p.options.some((o) => o.id === ref.refId)).map((p) => p.id);
        for (const propertyId of new Set(holders)) optionIds.push(optionEntityId(storeId, propertyId, ref.refId));
        break;
      }
      case "flavor":
        for (const size of sizes)
          if (size.flavors.some((f) => f.id === ref.refId)) optionIds.push(flavorOptionId(storeId, size.id, ref.refId));
        break;
    }
  }
  return { offerIds, optionIds };
}
