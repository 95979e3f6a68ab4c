import type { StoreDef } from "../catalog/types";
import type { Merchant } from "../types";
import type { MerchantControls, OfferAvailability } from "./state";

// A merchant's controls (state.ts) as the platform reads and applies them.

export function controlsOf(merchant: Merchant): MerchantControls {
  merchant.controls ??= { status: "AVAILABLE", soldOutItems: [], soldOutOptions: [] };
  return merchant.controls;
}

export const acceptsOrders = (merchant: Merchant | undefined): boolean =>
  !merchant || (merchant.controls?.status ?? "AVAILABLE") === "AVAILABLE";

/**
 * The store as customers see it: sold-out items and options are not offered (the catalogue and
 * the simulator's carts never see them) and are remembered on the view, so a cart still naming
 * one is refused as sold out rather than as unknown.
 */
export function storeView(store: StoreDef, controls: MerchantControls | undefined): StoreDef {
  // A 2.0 offer UNAVAILABLE or with none left is out of sale as a sold-out item is.
  const offersOut = offersOutOfSale(controls?.offers);
  if (controls && offersOut.length > 0)
    controls = { ...controls, soldOutItems: [...new Set([...controls.soldOutItems, ...offersOut])] };
  const sizes = new Set(controls?.soldOutSizes ?? []);
  const flavors = new Set(controls?.soldOutFlavors ?? []);
  if (
    !controls ||
    (controls.soldOutItems.length === 0 &&
      controls.soldOutOptions.length === 0 &&
      sizes.size === 0 &&
      flavors.size === 0)
  )
    return store;
  const items = new Set(controls.soldOutItems);
  const options = new Set(controls.soldOutOptions);
  const withoutOptions = <P extends { options: { id: number }[] }>(properties: readonly P[]): P[] =>
    properties.map((p) => ({ ...p, options: p.options.filter((o) => !options.has(o.id)) }));
  return {
    ...store,
    categories: store.categories.map((category) => ({
      ...category,
      items: category.items
        .filter((item) => !items.has(item.id))
        .map((item) => (item.properties ? { ...item, properties: withoutOptions(item.properties) } : item)),
    })),
    pizzaSizes: store.pizzaSizes
      .filter((size) => !sizes.has(size.id))
      .map((size) => ({ ...size, properties: withoutOptions(size.properties) })),
    flavors: store.flavors.filter((flavor) => !flavors.has(flavor.id)),
    soldOut: { items, options, names: soldOutNames(store, { items, options, sizes, flavors }) },
  };
}

type SoldOutSets = Record<"items" | "options" | "sizes" | "flavors", ReadonlySet<number>>;

/** Names of what is sold out, keyed "item:<id>", "option:<id>", "size:<id>", "flavor:<id>" (the cart's refusals). */
function soldOutNames(store: StoreDef, { items, options, sizes, flavors }: SoldOutSets): Map<string, string> {
  const names = new Map<string, string>();
  const visit = (properties: readonly { options: readonly { id: number; name: string }[] }[] | undefined) => {
    for (const p of properties ?? [])
      for (const o of p.options) if (options.has(o.id)) names.set(`option:${o.id}`, o.name);
  };
  for (const category of store.categories) {
    for (const item of category.items) {
      if (items.has(item.id)) names.set(`item:${item.id}`, item.name);
      visit(item.properties);
    }
  }
  for (const size of store.pizzaSizes) {
    if (sizes.has(size.id)) names.set(`size:${size.id}`, size.name);
    visit(size.properties);
  }
  for (const flavor of store.flavors) if (flavors.has(flavor.id)) names.set(`flavor:${flavor.id}`, flavor.name);
  return names;
}

/** This platform's ids of items whose 2.0 offer is out of sale (UNAVAILABLE or none left, v2/stock.ts). */
export function offersOutOfSale(offers: Record<string, OfferAvailability> | undefined): number[] {
  return Object.entries(offers ?? {})
    .filter(([, o]) => o.status === "UNAVAILABLE" || o.quantityAvailable === 0)
    .map(([id]) => Number(id))
    .filter(Number.isInteger);
}
