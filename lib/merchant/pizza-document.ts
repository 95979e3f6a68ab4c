import type { MenuProperty, StoreMenu } from "@/lib/platform/store-api/types";
import { stableId, type MenuState } from "./document-ids";

// The store API's pizza module in the standard's Merchant object, as the standard's own example
// models pizzas: one ItemOffer per size (its Item's externalCode "pizzaSize:<id>"), whose option
// groups are a "Sabores" group of that size's flavours (Items "flavor:<id>", one Option per size,
// priced at that size) and the size's own properties (dough, crust). A size or flavour is
// UNAVAILABLE when Comanda sold it out or the platform's catalogue holds it unavailable.

export const sizeOfferId = (storeId: string, sizeId: number) => stableId(storeId, `offer:pizzaSize:${sizeId}`);
export const flavorOptionId = (storeId: string, sizeId: number, flavorId: number) =>
  stableId(storeId, `flavor:${sizeId}:${flavorId}`);
const sizeItemId = (storeId: string, sizeId: number) => stableId(storeId, `item:pizzaSize:${sizeId}`);
const flavorItemId = (storeId: string, flavorId: number) => stableId(storeId, `item:flavor:${flavorId}`);

const status = (soldOut: boolean) => (soldOut ? "UNAVAILABLE" : "AVAILABLE");

export function pizzaEntities(
  storeId: string,
  menu: StoreMenu,
  state: MenuState,
  /** The document's option group for a property (shared with items: one group per property). */
  group: (property: MenuProperty) => string,
  startIndex: number,
) {
  const items: Record<string, unknown>[] = [];
  const itemOffers: Record<string, unknown>[] = [];
  const optionGroups: Record<string, unknown>[] = [];
  const seenFlavors = new Set<number>();
  for (const [index, size] of menu.pizzaSizes.entries()) {
    const prices = size.flavors.map((flavor) => flavor.price?.value ?? 0);
    const from = prices.length > 0 ? Math.min(...prices) : 0;
    items.push({
      id: sizeItemId(storeId, size.id),
      name: size.name.slice(0, 150),
      description: size.description,
      externalCode: `pizzaSize:${size.id}`,
      unit: "UN",
      ...(size.slices ? { serving: size.slices } : {}),
    });
    for (const flavor of size.flavors) {
      if (seenFlavors.has(flavor.id)) continue;
      seenFlavors.add(flavor.id);
      items.push({
        id: flavorItemId(storeId, flavor.id),
        name: flavor.name.slice(0, 150),
        description: flavor.description,
        externalCode: `flavor:${flavor.id}`,
        unit: "UN",
      });
    }
    const flavorsGroup = stableId(storeId, `group:flavors:${size.id}`);
    optionGroups.push({
      id: flavorsGroup,
      name: `Sabores — ${size.name}`.slice(0, 150),
      externalCode: `flavors:${size.id}`,
      status: "AVAILABLE",
      minPermitted: 1,
      maxPermitted: Math.max(1, size.maximumFlavors ?? 1),
      options: size.flavors.map((flavor, flavorIndex) => ({
        id: flavorOptionId(storeId, size.id, flavor.id),
        itemId: flavorItemId(storeId, flavor.id),
        index: flavorIndex,
        status: status(state.soldOutFlavors.has(flavor.id) || flavor.status !== "AVAILABLE"),
        // The size's price is its cheapest flavour's; a dearer flavour adds the difference.
        price: {
          value: (flavor.price?.value ?? 0) - from,
          originalValue: (flavor.price?.value ?? 0) - from,
          currency: "BRL",
        },
        maxPermitted: 1,
      })),
    });
    itemOffers.push({
      id: sizeOfferId(storeId, size.id),
      itemId: sizeItemId(storeId, size.id),
      index: startIndex + index,
      status: status(state.soldOutSizes.has(size.id) || size.status !== "AVAILABLE"),
      price: { value: from, originalValue: from, currency: size.flavors[0]?.price?.currency ?? "BRL" },
      optionGroupsId: [flavorsGroup, ...size.properties.map(group)],
    });
  }
  return { items, itemOffers, optionGroups };
}
