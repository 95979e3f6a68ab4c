import { pizzaLineName } from "../catalog";
import type {
  CategoryDef,
  FlavorDef,
  ItemDef,
  OptionDef,
  OrderSectionDef,
  PizzaSizeDef,
  PropertyDef,
  StoreDef,
} from "../catalog/types";

// The interchange side's view of a store's menu (catalog/*-menu.ts, its one definition): just
// enough structure for the order factory to build realistic lines (pizza sizes as items, flavours
// and properties as option groups) with prices in cents.

export type CatalogOption = { code: string; name: string; priceCents: number };

export type OptionGroup = {
  name: string;
  /** Fewest and most distinct options picked. */
  min: number;
  max: number;
  /** Most units of one option (e.g. "2× bacon extra"). */
  maxQuantityEach: number;
  /** Chance of using the group at all when min is 0. */
  chance: number;
  /** Pizza flavours: with two picked, each is a half ("1/2 Calabresa") and costs half. */
  halves?: boolean;
  options: CatalogOption[];
};

export type CatalogItem = {
  code: string;
  name: string;
  priceCents: number;
  maxQuantity: number;
  groups?: OptionGroup[];
  instructions?: string[];
};

export type MenuSection = {
  /** Each order takes between min and max of these lines. */
  min: number;
  max: number;
  items: CatalogItem[];
};

export type Menu = {
  sections: MenuSection[];
  deliveryFeeCents: readonly number[];
  /** The store's delivery minimum: a delivery whose items cost less pays the rest (MIN_ORDER_FEE). */
  minimumOrderCents: number;
};

/** Most units of one line in a generated order. */
const MAX_QUANTITY = 2;
/** How often a generated line uses an optional property (a crust, add-ons, toppings). */
const OPTIONAL_CHANCE = 0.5;

const available = (thing: { status?: string; availabilities?: unknown[] }) =>
  (thing.status ?? "AVAILABLE") === "AVAILABLE" && (thing.availabilities ?? []).length === 0;

const optionOf = (option: OptionDef): CatalogOption => ({
  code: option.customCode,
  name: option.name,
  priceCents: option.priceCents,
});

const groupOf = (property: PropertyDef): OptionGroup => ({
  name: property.name,
  min: property.min,
  max: property.max,
  maxQuantityEach: property.maxEach,
  chance: property.min > 0 ? 1 : OPTIONAL_CHANCE,
  options: property.options.filter(available).map(optionOf),
});

const itemOf = (item: ItemDef, instructions: string[] | undefined): CatalogItem => ({
  code: item.customCode,
  name: item.name,
  priceCents: item.priceCents,
  maxQuantity: MAX_QUANTITY,
  ...((item.properties ?? []).length > 0 ? { groups: (item.properties ?? []).map(groupOf) } : {}),
  ...(instructions ? { instructions } : {}),
});

/**
 * A size costs its traditional price; a dearer flavour adds its tier's difference at that size
 * (half of it on a half-and-half pizza). Savory flavours only: sweet pizzas are dessert.
 */
function pizzaOf(size: PizzaSizeDef, flavors: readonly FlavorDef[], instructions: string[] | undefined): CatalogItem {
  const base = size.tierPrices.TRADICIONAL;
  const flavorGroup: OptionGroup = {
    name: "Sabores",
    min: 1,
    max: Math.min(2, size.maximumFlavors),
    maxQuantityEach: 1,
    chance: 1,
    halves: true,
    options: flavors
      .filter((f) => f.tier !== "DOCE" && available(f))
      .map((f) => ({ code: f.customCode, name: f.name, priceCents: size.tierPrices[f.tier] - base })),
  };
  return {
    code: size.customCode,
    name: pizzaLineName(size),
    priceCents: base,
    maxQuantity: MAX_QUANTITY,
    groups: [flavorGroup, ...size.properties.map(groupOf)],
    ...(instructions ? { instructions } : {}),
  };
}

function itemsOf(store: StoreDef, category: CategoryDef): CatalogItem[] {
  const instructions = store.ordering.instructions[category.id];
  if (category.isPizzaModule) return store.pizzaSizes.map((size) => pizzaOf(size, store.flavors, instructions));
  return category.items.filter(available).map((item) => itemOf(item, instructions));
}

function sectionOf(store: StoreDef, section: OrderSectionDef): MenuSection {
  const categories = section.categoryIds.map((id) => {
    const category = store.categories.find((c) => c.id === id);
    if (!category) throw new Error(`store ${store.serviceId} has no category ${id}`);
    return category;
  });
  const except = new Set(section.except ?? []);
  const items = categories.flatMap((category) => itemsOf(store, category)).filter((item) => !except.has(item.code));
  return { min: section.min, max: section.max, items };
}

/** The store's menu as generated orders use it: its own, and each virtual brand's. */
export function orderMenusOf(store: StoreDef): {
  menu: Menu;
  virtualBrands: { name: string; share: number; menu: Menu }[];
} {
  const { ordering } = store;
  return {
    menu: {
      deliveryFeeCents: ordering.deliveryFeeCents,
      minimumOrderCents: store.minimumOrderCents,
      sections: ordering.sections.map((s) => sectionOf(store, s)),
    },
    virtualBrands: (ordering.virtualBrands ?? []).map((brand) => ({
      name: brand.name,
      share: brand.share,
      menu: {
        deliveryFeeCents: brand.deliveryFeeCents,
        // A virtual brand is sold from the same kitchen, under the store's minimum.
        minimumOrderCents: store.minimumOrderCents,
        sections: brand.sections.map((s) => sectionOf(store, s)),
      },
    })),
  };
}
