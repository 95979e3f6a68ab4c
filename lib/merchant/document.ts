import type { MenuItem, MenuProperty, StoreInfo, WeeklyPeriod } from "@/lib/platform/store-api/types";
import {
  MERCHANT_TTL_SECONDS,
  offerId,
  optionEntityId,
  optionItemId,
  stableId,
  type ImportedMenu,
  type MenuState,
} from "./document-ids";
import { pizzaEntities, sizeOfferId } from "./pizza-document";

// The standard's Merchant object (Open Delivery 1.3.0, GET /v1/merchant) built from what the
// store API's catalogue says and Comanda's own state (pause, sold out). Pure: the route and the
// tests call it with the data. The mapping is written out in docs/merchant-api.md.

const DAYS = ["SUNDAY", "MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY", "SATURDAY"] as const;

/** One Hours per period: the standard's Hours holds a single timePeriods object. */
function weekHours(periods: readonly WeeklyPeriod[]) {
  return periods.map((p) => ({
    dayOfWeek: [DAYS[p.weekday] ?? "SUNDAY"],
    timePeriods: { startTime: p.start, endTime: p.end },
  }));
}

/** The standard's category list is closed: a guess from the store's menu words, else BRAZILIAN. */
function category(store: StoreInfo): string {
  const text = `${store.name} ${store.description}`.toLowerCase();
  if (text.includes("pizza")) return "PIZZA";
  if (text.includes("burger") || text.includes("smash")) return "BURGERS";
  return "BRAZILIAN";
}

const money = (value: number | undefined, currency = "BRL") => ({ value: value ?? 0, currency });

/** A store API category is on sale as "ACTIVE" (what the platform lists) or "AVAILABLE". */
export function categoryOnSale(status: string): boolean {
  return status === "ACTIVE" || status === "AVAILABLE";
}

/**
 * The restaurant's merchant document as one platform reads it: the entities' ids are the
 * restaurant's (one sold-out update names the same offer on every platform), the document's own id
 * the merchant id of the platform asking (its channel's). With the channel's pairs (restaurant item
 * id → the channel's catalogue id, ./menu-mapping.ts) it lists only the items the channel's
 * catalogue has, each Item's externalCode naming the channel's own item; without, the whole menu.
 */
export function merchantDocument(
  storeId: string,
  imported: ImportedMenu,
  state: MenuState,
  now: Date,
  merchantId = storeId,
  channelItems?: ReadonlyMap<number, number>,
) {
  const { store, menu } = imported;
  const menuId = stableId(storeId, "menu");
  const hours = { id: stableId(storeId, "hours"), weekHours: weekHours(store.businessHours) };
  const listed = (item: MenuItem) => !channelItems || channelItems.has(item.id);
  // The pizza module is listed by its sizes (./pizza-document.ts); without sizes it offers nothing.
  // A category left without the channel's items is left out of its document.
  const categories = menu.categories.filter((c) =>
    c.isPizzaModule ? menu.pizzaSizes.length > 0 : !channelItems || c.items.some(listed),
  );
  const items: Record<string, unknown>[] = [];
  const itemOffers: Record<string, unknown>[] = [];
  const optionGroups: Record<string, unknown>[] = [];
  const seenOptionItems = new Set<number>();
  const seenGroups = new Set<number>();

  const group = (property: MenuProperty) => {
    const id = stableId(storeId, `group:${property.id}`);
    if (seenGroups.has(property.id)) return id;
    seenGroups.add(property.id);
    optionGroups.push({
      id,
      name: property.name.slice(0, 150),
      externalCode: `property:${property.id}`,
      status: "AVAILABLE",
      minPermitted: property.minChoices,
      maxPermitted: property.maxChoices,
      options: property.options.map((option, index) => {
        if (!seenOptionItems.has(option.id)) {
          seenOptionItems.add(option.id);
          items.push({
            id: optionItemId(storeId, option.id),
            name: option.name.slice(0, 150),
            description: option.name,
            externalCode: `option:${option.id}`,
            unit: "UN",
          });
        }
        const soldOut = state.soldOutOptions.has(option.id) || option.status !== "AVAILABLE";
        return {
          id: optionEntityId(storeId, property.id, option.id),
          itemId: optionItemId(storeId, option.id),
          index,
          status: soldOut ? "UNAVAILABLE" : "AVAILABLE",
          price: { value: option.price?.value ?? 0, originalValue: option.price?.value ?? 0, currency: "BRL" },
          maxPermitted: property.maxChoices,
        };
      }),
    });
    return id;
  };

  const offer = (item: MenuItem, index: number) => {
    const itemId = stableId(storeId, `item:item:${item.id}`);
    items.push({
      id: itemId,
      name: item.name.slice(0, 150),
      description: item.description,
      externalCode: `item:${channelItems?.get(item.id) ?? item.id}`,
      unit: "UN",
    });
    const soldOut = state.soldOutItems.has(item.id) || item.status !== "AVAILABLE";
    const price = item.price?.value ?? 0;
    itemOffers.push({
      id: offerId(storeId, item.id),
      itemId,
      index,
      status: soldOut ? "UNAVAILABLE" : "AVAILABLE",
      price: { value: price, originalValue: item.oldPrice?.value ?? price, currency: item.price?.currency ?? "BRL" },
      optionGroupsId: item.properties.map(group),
    });
    return offerId(storeId, item.id);
  };

  // The pizza module's offers are its sizes (./pizza-document.ts), listed under its first category.
  const pizzaModule = categories.find((c) => c.isPizzaModule);
  const documentCategories = categories.map((category, index) => ({
    id: stableId(storeId, `category:${category.id}`),
    index,
    name: category.name.slice(0, 150),
    description: category.description,
    externalCode: `category:${category.id}`,
    status: categoryOnSale(category.status) ? "AVAILABLE" : "UNAVAILABLE",
    itemOfferId: !category.isPizzaModule
      ? category.items.filter(listed).map(offer)
      : category === pizzaModule
        ? menu.pizzaSizes.map((size) => sizeOfferId(storeId, size.id))
        : [],
  }));
  if (pizzaModule) {
    const pizzas = pizzaEntities(storeId, menu, state, group, itemOffers.length);
    items.push(...pizzas.items);
    itemOffers.push(...pizzas.itemOffers);
    optionGroups.push(...pizzas.optionGroups);
  }

  const services = (["DELIVERY", "TAKEOUT", "INDOOR"] as const).map((serviceType) => ({
    id: stableId(storeId, `service:${serviceType}`),
    status: state.status,
    serviceType,
    menuId,
    serviceHours: hours,
  }));

  return {
    lastUpdate: now.toISOString(),
    TTL: MERCHANT_TTL_SECONDS,
    id: merchantId,
    status: state.status,
    basicInfo: {
      name: store.name,
      document: (store.document ?? "").replace(/\D/g, "").padStart(14, "0").slice(-14),
      corporateName: store.companyName || store.name,
      description: store.description || store.name,
      averagePreparationTime: (store.waitingMinutes?.min ?? 30) + state.busyMinutes,
      minOrderValue: money(store.minimumOrder?.value, store.minimumOrder?.currency),
      merchantType: "RESTAURANT",
      merchantCategories: [category(store)],
      address: {
        country: "BR",
        state: "SP",
        city: "",
        district: "",
        street: store.address,
        number: "",
        postalCode: "",
        complement: "",
        latitude: store.location?.lat ?? 0,
        longitude: store.location?.lng ?? 0,
      },
      contactEmails: [],
      contactPhones: { commercialNumber: store.telephone },
      logoImage: { URL: "https://example.invalid/logo.png", CRC32: "00000000" },
    },
    services,
    menus: [
      {
        id: menuId,
        name: store.name,
        description: store.description,
        externalCode: "menu",
        categoryId: documentCategories.map((c) => c.id),
      },
    ],
    categories: documentCategories,
    itemOffers,
    items,
    // Indexed once every group is in: the pizza module's groups come after the items'.
    optionGroups: optionGroups.map((g, index) => ({ ...g, index })),
  };
}

type MerchantDocument = ReturnType<typeof merchantDocument>;

/**
 * The document's own ItemOffer and Option objects with these ids, each with the new status: the
 * standard's ItemOfferUpdate and OptionUpdate carry whole entities (an ItemOffer requires its
 * itemId, index and price), so a merchantUpdate names exactly what GET /v1/merchant serves.
 */
export function entityUpdates(
  document: MerchantDocument,
  ids: { offerIds: readonly string[]; optionIds: readonly string[] },
  status: "AVAILABLE" | "UNAVAILABLE",
): { offers: Record<string, unknown>[]; options: Record<string, unknown>[] } {
  const pick = (entities: readonly Record<string, unknown>[], wanted: readonly string[]) => {
    const byId = new Map(entities.map((entity) => [entity.id as string, entity]));
    return [...new Set(wanted)].flatMap((id) => {
      const entity = byId.get(id);
      return entity ? [{ ...entity, status }] : [];
    });
  };
  const groups: readonly Record<string, unknown>[] = document.optionGroups;
  const options = groups.flatMap((group) => (group.options as Record<string, unknown>[] | undefined) ?? []);
  return { offers: pick(document.itemOffers, ids.offerIds), options: pick(options, ids.optionIds) };
}
