import type { StoreDef } from "../catalog/types";
import type { Merchant } from "../types";
import type { MerchantControls } from "./state";

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
  if (!controls || (controls.soldOutItems.length === 0 && controls.soldOutOptions.length === 0)) return store;
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
    pizzaSizes: store.pizzaSizes.map((size) => ({ ...size, properties: withoutOptions(size.properties) })),
    soldOut: { items, options, names: soldOutNames(store, items, options) },
  };
}

function soldOutNames(store: StoreDef, items: Set<number>, options: Set<number>): Map<string, string> {
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
  for (const size of store.pizzaSizes) visit(size.properties);
  return names;
}
