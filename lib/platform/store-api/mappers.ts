import type { z } from "zod";
import type {
  categoriesSchema,
  deliveryAreasSchema,
  moneySchema,
  paymentFormsSchema,
  RawItems,
  RawPizzaSizes,
  RawProperty,
  RawStore,
  specificLocationsSchema,
} from "./schemas";
import type {
  DeliveryArea,
  FeeRule,
  MenuCategory,
  MenuItem,
  MenuProperty,
  Money,
  PaymentForm,
  PizzaSize,
  SpecificLocation,
  StoreInfo,
  WeeklyPeriod,
} from "./types";

// Reshapes the store API's parsed payloads into Comanda's types (store-types.ts), once.

type RawMoney = z.infer<typeof moneySchema> | null;

/** The platform omits the currency at times; the sandbox and Brazilian platforms price in BRL. */
export const toMoney = (raw: RawMoney): Money | null =>
  raw ? { value: raw.value, currency: raw.currency ?? "BRL" } : null;

const minutes = (min: number | null | undefined, max: number | null | undefined) =>
  min == null || max == null ? null : { min, max };

const periods = (
  raw: Array<{ weekday: number; periodStart: string; periodEnd: string }> | null | undefined,
): WeeklyPeriod[] => (raw ?? []).map((p) => ({ weekday: p.weekday, start: p.periodStart, end: p.periodEnd }));

export function toStoreInfo(raw: RawStore): StoreInfo {
  const a = raw.address;
  const address = a
    ? [
        [a.street, a.number].filter(Boolean).join(", "),
        a.complement,
        a.neighborhood,
        [a.city, a.state].filter(Boolean).join(" – "),
      ]
        .filter(Boolean)
        .join(" · ")
    : "";
  const lat = raw.lat ?? a?.lat ?? null;
  const lng = raw.lng ?? a?.lng ?? null;
  return {
    name: raw.name,
    companyName: raw.companyName,
    document: raw.document,
    description: raw.description,
    serviceId: raw.serviceId,
    status: raw.status,
    address,
    city: a?.city ?? "",
    location: lat != null && lng != null ? { lat, lng } : null,
    telephone: raw.contactTelephone,
    minimumOrder: toMoney(raw.minimumOrder),
    takeoutMinimumOrder: toMoney(raw.takeoutMinimumOrder),
    waitingMinutes: minutes(raw.minWaitingTime, raw.maxWaitingTime),
    businessHours: (raw.businessHours ?? []).map((h) => ({ weekday: h.weekday, start: h.shiftStart, end: h.shiftEnd })),
    receivesOrders: raw.enabledReceiveOrders ?? null,
  };
}

type RawFeeRule = z.infer<typeof deliveryAreasSchema>["deliveryAreas"][number]["deliveryFeePricingRule"];

function toFeeRule(raw: RawFeeRule): FeeRule | null {
  if (!raw) return null;
  return {
    type: raw.type,
    fixedPrice: toMoney(raw.fixedPrice),
    dynamicPrice: toMoney(raw.dynamicPrice),
    dynamicStart: raw.dynamicPriceStart ?? null,
    dynamicEnd: raw.dynamicPriceEnd ?? null,
    freeAbove: toMoney(raw.freeDeliveryMinimumOrder),
  };
}

export const toDeliveryAreas = (raw: z.infer<typeof deliveryAreasSchema>): DeliveryArea[] =>
  raw.deliveryAreas.map((area) => ({
    id: area.id,
    name: area.name,
    active: area.isActive ?? true,
    waitingMinutes: minutes(area.minimumWaitingMinutes, area.maximumWaitingMinutes),
    fee: toFeeRule(area.deliveryFeePricingRule),
    pause:
      area.inactivationPeriod?.inactivationStart && area.inactivationPeriod.inactivationEnd
        ? { start: area.inactivationPeriod.inactivationStart, end: area.inactivationPeriod.inactivationEnd }
        : null,
    polygon: area.polygon ?? [],
  }));

export const toSpecificLocations = (raw: z.infer<typeof specificLocationsSchema>): SpecificLocation[] =>
  raw.specificLocations.map((location) => ({
    id: location.id,
    name: location.name,
    active: location.isActive ?? true,
    street: location.street,
    neighborhood: location.neighborhood,
    zipcode: location.zipcode,
    fee: toFeeRule(location.deliveryFeePricingRule),
  }));

export const toPaymentForms = (raw: z.infer<typeof paymentFormsSchema>): PaymentForm[] =>
  raw.paymentForms.map((form) => ({
    id: form.id,
    name: form.name,
    online: form.onlineAvailable,
    askForChange: form.askForChange,
    isCardBrand: form.isCardBrand,
    acceptedOnDelivery: form.deliveryAcceptance,
  }));

export const toProperty = (raw: RawProperty): MenuProperty => ({
  id: raw.id,
  name: raw.name,
  minChoices: raw.comboMinChoices ?? 0,
  maxChoices: raw.comboMaxChoices ?? 1,
  options: (raw.itemPropertyOptions ?? []).map((o) => ({
    id: o.id,
    name: o.name,
    status: o.status,
    price: toMoney(o.basePrice),
  })),
});

export const toItems = (raw: RawItems): MenuItem[] =>
  raw.map((item) => ({
    id: item.id,
    name: item.name,
    description: item.description,
    status: item.status,
    price: toMoney(item.price),
    oldPrice: toMoney(item.promotionalOldPrice),
    ...(item.customCode?.trim() ? { code: item.customCode.trim() } : {}),
    availabilities: periods(item.itemAvailabilities),
    properties: (item.itemProperties ?? []).map(toProperty),
  }));

export const toCategory = (
  raw: z.infer<typeof categoriesSchema>["categories"][number],
  items: MenuItem[],
): MenuCategory => ({
  id: raw.id,
  name: raw.name,
  description: raw.description,
  status: raw.status,
  isPizzaModule: raw.isPizzaModule,
  items,
});

export const toPizzaSizes = (raw: RawPizzaSizes): PizzaSize[] =>
  raw.map((size) => {
    const flavor = (sweet: boolean) => (f: NonNullable<typeof size.savoryFlavors>[number]) => ({
      id: f.id,
      name: f.name,
      description: f.description,
      status: f.status,
      price: toMoney(f.price),
      sweet,
      availabilities: periods(f.itemAvailabilities),
    });
    return {
      id: size.id,
      name: size.name,
      description: size.description,
      status: size.status,
      slices: size.slices ?? null,
      maximumFlavors: size.maximumFlavors ?? null,
      priceCalculationType: size.priceCalculationType,
      flavors: [...(size.savoryFlavors ?? []).map(flavor(false)), ...(size.sweetFlavors ?? []).map(flavor(true))],
      properties: (size.properties ?? []).map(toProperty),
    };
  });
