import type { CategoryDef, FlavorDef, ItemDef, PizzaSizeDef, PropertyDef, StoreDef } from "../catalog/types";
import { money } from "./money";
import { isOpenAt } from "./time";

// The catalogue as the store API shows it (integer ids, Money, availability periods).

export const slug = (text: string) =>
  text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

export function storeShape(store: StoreDef, now: Date) {
  const payments = { offline: true, onlineCreditCard: true, onlinePix: true };
  return {
    status: isOpenAt(store, now) ? "OPEN" : "CLOSED",
    id: store.id,
    serviceId: store.serviceId,
    name: store.name,
    companyName: store.companyName,
    description: store.description,
    encodedName: store.encodedName,
    lat: store.address.lat,
    lng: store.address.lng,
    minimumOrder: money(store.minimumOrderCents),
    takeoutMinimumOrder: money(store.takeoutMinimumOrderCents),
    minWaitingTime: store.minWaitingTime,
    maxWaitingTime: store.maxWaitingTime,
    onlinePaymentTypesAvailable: ["PIX", "CREDITCARD"],
    onlinePaymentAvailable: true,
    offlinePaymentAvailable: true,
    saveCardAvailable: true,
    hideAddress: false,
    document: store.document,
    businessHours: store.businessHours.map((h, i) => ({ id: store.id * 100 + i + 1, storesId: store.id, ...h })),
    address: { id: store.id * 1000, ...store.address },
    contactTelephone: store.contactTelephone,
    enabledReceiveOrders: true,
    enabledAlertSound: true,
    enabledAutoPrintNewOrders: false,
    primaryColor: store.colors.primary,
    secondaryColor: store.colors.secondary,
    fontColor: store.colors.font,
    backgroundColor: store.colors.background,
    backgroundPosition: "center",
    backgroundRepeat: "no-repeat",
    paymentMethodsByOrderType: { delivery: payments, takeout: payments },
  };
}

export function categoryShape(category: CategoryDef, viewOrder: number) {
  return {
    id: category.id,
    totalItems: category.items.length,
    viewOrder,
    isPizzaModule: category.isPizzaModule === true,
    showOnMobile: true,
    hiddenWhenUnavailable: false,
    showOnlyImage: false,
    status: "ACTIVE",
    name: category.name,
    description: category.description,
  };
}

export function propertyShape(property: PropertyDef, viewOrder: number) {
  return {
    id: property.id,
    name: property.name,
    description: property.description,
    comboMinChoices: property.min,
    comboMaxChoices: property.max,
    maxAmountPerOption: property.maxEach,
    viewOrder,
    isFractional: 0,
    priceCalculationType: "SUM",
    choiceType: property.choiceType,
    itemPropertyOptions: property.options.map((o) => ({
      id: o.id,
      basePrice: money(o.priceCents),
      status: o.status ?? "AVAILABLE",
      name: o.name,
      description: o.description,
      customCode: o.customCode,
    })),
  };
}

let tagId = 0;
const tagIds = new Map<string, number>();
const tag = (storeId: number, name: string) => {
  if (!tagIds.has(name)) tagIds.set(name, ++tagId);
  return { id: tagIds.get(name) ?? 0, stores_id: storeId, tag: slug(name), name, type: "BADGE", icon: "star" };
};

export function itemShape(
  store: StoreDef,
  item: ItemDef,
  viewOrder: number,
  include: { properties?: boolean; categories?: CategoryDef[] } = {},
) {
  const shape: Record<string, unknown> = {
    id: item.id,
    name: item.name,
    description: item.description,
    encodedName: slug(item.name),
    customCode: item.customCode,
    type: "ITEM",
    status: item.status ?? "AVAILABLE",
    price: money(item.priceCents),
    promotionalOldPrice: item.oldPriceCents === undefined ? null : money(item.oldPriceCents),
    hiddenWhenUnavailable: false,
    showAtCheckout: false,
    dayLimitWithTheBadge: null,
    viewOrder,
    isFractional: 0,
    filters: [],
    badges: (item.badges ?? []).map((b) => tag(store.id, b)),
    itemAvailabilities: item.availabilities ?? [],
  };
  if (include.properties) shape.itemProperties = (item.properties ?? []).map((p, i) => propertyShape(p, i + 1));
  if (include.categories)
    shape.categories = include.categories.map((c) => categoryShape(c, store.categories.indexOf(c) + 1));
  return shape;
}

function flavorShape(size: PizzaSizeDef, flavor: FlavorDef) {
  return {
    status: flavor.status ?? "AVAILABLE",
    id: flavor.id,
    name: flavor.name,
    description: flavor.description,
    price: money(size.tierPrices[flavor.tier]),
    itemAvailabilities: flavor.availabilities ?? [],
  };
}

export function pizzaSizeShape(store: StoreDef, size: PizzaSizeDef) {
  return {
    id: size.id,
    slices: size.slices,
    maximumFlavors: size.maximumFlavors,
    viewOrder: store.pizzaSizes.indexOf(size) + 1,
    status: "AVAILABLE",
    name: size.name,
    description: size.description,
    priceCalculationType: size.priceCalculationType,
    savoryFlavors: store.flavors.filter((f) => f.tier !== "DOCE").map((f) => flavorShape(size, f)),
    sweetFlavors: store.flavors.filter((f) => f.tier === "DOCE").map((f) => flavorShape(size, f)),
    properties: size.properties.map((p, i) => propertyShape(p, i + 1)),
  };
}

/** Every item of a store with its category, in menu order. */
export const allItems = (store: StoreDef) =>
  store.categories.flatMap((category) => category.items.map((item) => ({ item, category })));
