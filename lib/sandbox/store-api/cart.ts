import { pizzaLineName } from "../catalog";
import type { ItemDef, PropertyDef, StoreDef } from "../catalog/types";
import { stableUuid } from "../random";
import { StoreApiError, unprocessable } from "./errors";
import { centsOf, reais } from "./money";
import type { OrderItemInput, PizzaItemInput } from "./order-schemas";
import { isAvailableAt } from "./time";

// Checks a cart against the catalogue at the time it is for (now, or the scheduled time) and
// prices every line on the server. A price the client sent that disagrees is a 422 that names
// the line, so a storefront with a stale menu finds out which line is wrong.

export type PricedOption = {
  id: string;
  optionId: number;
  name: string;
  customCode: string;
  quantity: number;
  unitCents: number;
};

export type PricedLine = {
  path: string;
  kind: "ITEM" | "PIZZA";
  /** Item or pizza size id, and its category (pizza lines: the store's pizza-module category). */
  refId: number;
  categoryId: number;
  id: string;
  name: string;
  customCode: string;
  quantity: number;
  unitCents: number;
  optionsCents: number;
  totalCents: number;
  options: PricedOption[];
  observation?: string;
};

export type PricedCart = { lines: PricedLine[]; subtotalCents: number };

const mismatch = (path: string, sent: number, expected: number, what: string) =>
  new StoreApiError(422, "price_mismatch", `${path}: sent ${reais(sent)}, the price is ${reais(expected)} (${what})`);

function priceProperties(
  store: StoreDef,
  path: string,
  properties: readonly PropertyDef[],
  input: OrderItemInput["properties"],
): PricedOption[] {
  const picked: PricedOption[] = [];
  input.forEach((p, i) => {
    const property = properties.find((d) => d.id === p.propertyId);
    if (!property)
      throw unprocessable(
        "invalid_cart",
        `${path}.properties[${i}].propertyId: ${p.propertyId} is not a property of this item`,
      );
    const seen = new Set<number>();
    p.options.forEach((o, j) => {
      const at = `${path}.properties[${i}].options[${j}]`;
      const option = property.options.find((d) => d.id === o.optionId);
      const soldOut = store.soldOut?.names.get(`option:${o.optionId}`);
      if (soldOut) throw unprocessable("item_unavailable", `${at}: ${soldOut} is sold out`);
      if (!option)
        throw unprocessable("invalid_cart", `${at}.optionId: ${o.optionId} is not an option of ${property.name}`);
      if ((option.status ?? "AVAILABLE") !== "AVAILABLE")
        throw unprocessable("item_unavailable", `${at}: ${option.name} is unavailable`);
      if (seen.has(o.optionId)) throw unprocessable("invalid_cart", `${at}.optionId: ${option.name} is listed twice`);
      seen.add(o.optionId);
      if (o.amount > property.maxEach)
        throw unprocessable("invalid_cart", `${at}.amount: at most ${property.maxEach} of ${option.name}`);
      if (centsOf(o.price) !== option.priceCents)
        throw mismatch(`${at}.price`, centsOf(o.price), option.priceCents, option.name);
      picked.push({
        id: stableUuid(`${store.merchantKey}:store-option:${option.id}`),
        optionId: option.id,
        name: option.name,
        customCode: option.customCode,
        quantity: o.amount,
        unitCents: option.priceCents,
      });
    });
    if (seen.size > property.max)
      throw unprocessable(
        "invalid_cart",
        `${path}.properties[${i}]: at most ${property.max} choices of ${property.name}`,
      );
  });
  for (const property of properties) {
    const chosen = input.filter((p) => p.propertyId === property.id).reduce((n, p) => n + p.options.length, 0);
    if (chosen < property.min)
      throw unprocessable("invalid_cart", `${path}.properties: choose at least ${property.min} of ${property.name}`);
  }
  return picked;
}

function finishLine(
  line: Omit<PricedLine, "optionsCents" | "totalCents">,
  sentTotal: { value: number } | undefined,
): PricedLine {
  const optionsCents = line.options.reduce((sum, o) => sum + o.quantity * o.unitCents, 0);
  const totalCents = line.quantity * (line.unitCents + optionsCents);
  if (sentTotal && centsOf(sentTotal) !== totalCents) {
    throw mismatch(`${line.path}.totalPrice`, centsOf(sentTotal), totalCents, `${line.quantity} × ${line.name}`);
  }
  return { ...line, optionsCents, totalCents };
}

function findItem(store: StoreDef, itemId: number): { item: ItemDef; categoryId: number } | undefined {
  for (const category of store.categories) {
    const item = category.items.find((i) => i.id === itemId);
    if (item) return { item, categoryId: category.id };
  }
  return undefined;
}

function priceItem(store: StoreDef, input: OrderItemInput, index: number, at: Date): PricedLine {
  const path = `items[${index}]`;
  const found = findItem(store, input.itemId);
  const soldOut = store.soldOut?.names.get(`item:${input.itemId}`);
  if (soldOut) throw unprocessable("item_unavailable", `${path}: ${soldOut} is sold out`);
  if (!found) throw unprocessable("invalid_cart", `${path}.itemId: item ${input.itemId} is not on this store's menu`);
  const { item, categoryId } = found;
  if ((item.status ?? "AVAILABLE") !== "AVAILABLE" || !isAvailableAt(item.availabilities, at)) {
    throw unprocessable("item_unavailable", `${path}: ${item.name} is not available at ${at.toISOString()}`);
  }
  const options = priceProperties(store, path, item.properties ?? [], input.properties);
  const line = {
    path,
    kind: "ITEM" as const,
    refId: item.id,
    categoryId,
    id: stableUuid(`${store.merchantKey}:store-item:${item.id}`),
    name: item.name,
    customCode: item.customCode,
    quantity: input.amount,
    unitCents: item.priceCents,
    options,
    ...(input.observation ? { observation: input.observation } : {}),
  };
  return finishLine(line, input.totalPrice);
}

function pricePizza(store: StoreDef, input: PizzaItemInput, index: number, at: Date): PricedLine {
  const path = `pizzaItems[${index}]`;
  const soldOutSize = store.soldOut?.names.get(`size:${input.pizzaSizeId}`);
  if (soldOutSize) throw unprocessable("item_unavailable", `${path}: ${soldOutSize} is sold out`);
  const size = store.pizzaSizes.find((s) => s.id === input.pizzaSizeId);
  if (!size)
    throw unprocessable("invalid_cart", `${path}.pizzaSizeId: size ${input.pizzaSizeId} is not on this store's menu`);
  if (input.flavors.length > size.maximumFlavors) {
    throw unprocessable("invalid_cart", `${path}.flavors: ${size.name} takes at most ${size.maximumFlavors} flavors`);
  }
  const flavors = input.flavors.map((f, i) => {
    const soldOutFlavor = store.soldOut?.names.get(`flavor:${f.pizzaFlavorId}`);
    if (soldOutFlavor) throw unprocessable("item_unavailable", `${path}.flavors[${i}]: ${soldOutFlavor} is sold out`);
    const flavor = store.flavors.find((d) => d.id === f.pizzaFlavorId);
    if (!flavor)
      throw unprocessable(
        "invalid_cart",
        `${path}.flavors[${i}].pizzaFlavorId: flavor ${f.pizzaFlavorId} is not on this store's menu`,
      );
    if ((flavor.status ?? "AVAILABLE") !== "AVAILABLE" || !isAvailableAt(flavor.availabilities, at)) {
      throw unprocessable("item_unavailable", `${path}.flavors[${i}]: ${flavor.name} is not available`);
    }
    return flavor;
  });
  const prices = flavors.map((f) => size.tierPrices[f.tier]);
  const unitCents =
    size.priceCalculationType === "AVERAGE"
      ? Math.round(prices.reduce((a, b) => a + b, 0) / prices.length)
      : Math.max(...prices);
  const fraction = flavors.length === 1 ? "" : `1/${flavors.length} `;
  // The flavours are the pizza's first options, priced at zero: the size's price already covers them.
  const flavorOptions: PricedOption[] = flavors.map((f) => ({
    id: stableUuid(`${store.merchantKey}:store-flavor:${f.id}`),
    optionId: f.id,
    name: `${fraction}${f.name}`,
    customCode: f.customCode,
    quantity: 1,
    unitCents: 0,
  }));
  const options = [...flavorOptions, ...priceProperties(store, path, size.properties, input.properties)];
  const pizzaCategory = store.categories.find((c) => c.isPizzaModule);
  const line = {
    path,
    kind: "PIZZA" as const,
    refId: size.id,
    categoryId: pizzaCategory?.id ?? 0,
    id: stableUuid(`${store.merchantKey}:store-pizza-size:${size.id}`),
    name: pizzaLineName(size),
    customCode: size.customCode,
    quantity: input.amount,
    unitCents,
    options,
    ...(input.observation ? { observation: input.observation } : {}),
  };
  return finishLine(line, input.totalPrice);
}

export function priceCart(
  store: StoreDef,
  cart: { items: OrderItemInput[]; pizzaItems: PizzaItemInput[] },
  at: Date,
): PricedCart {
  const lines = [
    ...cart.items.map((item, i) => priceItem(store, item, i, at)),
    ...cart.pizzaItems.map((pizza, i) => pricePizza(store, pizza, i, at)),
  ];
  if (lines.length === 0) throw unprocessable("invalid_cart", "items: the cart is empty");
  return { lines, subtotalCents: lines.reduce((sum, l) => sum + l.totalCents, 0) };
}
