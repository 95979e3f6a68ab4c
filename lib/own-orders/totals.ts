import { categoryOnSale } from "@/lib/merchant/document";
import type { OwnOrderLine } from "@/lib/contract/own-order";
import type { PizzaPricing } from "@/lib/db/schema";
import type { MenuProperty, StoreMenu } from "@/lib/platform/store-api/types";
import { ownOrderError } from "./errors";
import { centsOf, formatCents } from "./money";
import { pizzaUnitCents } from "./pizza-price";

// An own order's prices, computed once, on the server, in integer cents, from the restaurant's
// imported menu (never from what the form sends). A line's total is quantity × (unit + options
// per unit), as the Open Delivery document states it; the order's total is its lines plus the
// delivery fee. Everything a kitchen could not sell is refused here, with a sentence.

/** What the restaurant cannot sell now (lib/merchant/controls.ts menuState), by the store API's ids. */
export interface SoldOut {
  soldOutItems: ReadonlySet<number>;
  soldOutOptions: ReadonlySet<number>;
  soldOutSizes: ReadonlySet<number>;
  soldOutFlavors: ReadonlySet<number>;
}

export interface PricedOption {
  /** "option:12" or "flavor:7": the code station routing and reports read. */
  code: string;
  name: string;
  quantity: number;
  unitCents: number;
  totalCents: number;
}

export interface PricedLine {
  code: string;
  name: string;
  quantity: number;
  unitCents: number;
  /** The options of one unit, together. */
  optionsCents: number;
  totalCents: number;
  options: PricedOption[];
  note?: string;
}

export interface PricedItems {
  lines: PricedLine[];
  itemsCents: number;
}

const AVAILABLE = "AVAILABLE";

/** Prices the lines; refuses an empty order, an entry not on the menu and anything sold out. */
export function priceLines(
  lines: readonly OwnOrderLine[],
  menu: StoreMenu,
  soldOut: SoldOut,
  pizzaPricing: PizzaPricing,
): PricedItems {
  if (lines.length === 0) throw ownOrderError("noItems", "An order needs at least one item.");
  const priced = lines.map((line) =>
    line.kind === "item" ? priceItem(line, menu, soldOut) : pricePizza(line, menu, soldOut, pizzaPricing),
  );
  return { lines: priced, itemsCents: priced.reduce((sum, line) => sum + line.totalCents, 0) };
}

function priceItem(line: Extract<OwnOrderLine, { kind: "item" }>, menu: StoreMenu, soldOut: SoldOut): PricedLine {
  const found = menu.categories.flatMap((category) =>
    category.items.filter((item) => item.id === line.itemId).map((item) => ({ item, category })),
  )[0];
  if (!found) throw unknown(`item ${line.itemId}`);
  const { item, category } = found;
  if (soldOut.soldOutItems.has(item.id) || item.status !== AVAILABLE || !categoryOnSale(category.status))
    throw soldOutError(item.name);
  const options = priceOptions(line.options, item.properties, soldOut, item.name);
  return finish(`item:${item.id}`, item.name, line.quantity, centsOf(item.price), options, line.note);
}

function pricePizza(
  line: Extract<OwnOrderLine, { kind: "pizza" }>,
  menu: StoreMenu,
  soldOut: SoldOut,
  pizzaPricing: PizzaPricing,
): PricedLine {
  const size = menu.pizzaSizes.find((candidate) => candidate.id === line.sizeId);
  if (!size) throw unknown(`pizza size ${line.sizeId}`);
  // "Grande" is said "Pizza Grande"; a size already named so ("Pizza Média") is not "Pizza Pizza Média".
  const name = /^pizza\b/i.test(size.name.trim()) ? size.name.trim() : `Pizza ${size.name}`;
  if (soldOut.soldOutSizes.has(size.id) || size.status !== AVAILABLE) throw soldOutError(name);
  const most = Math.max(1, size.maximumFlavors ?? 1);
  if (line.flavorIds.length > most)
    throw ownOrderError("flavorCount", `${name} takes at most ${most} flavours.`, `${name}: ${most}`);
  const flavors = line.flavorIds.map((id) => {
    const flavor = size.flavors.find((candidate) => candidate.id === id);
    if (!flavor) throw unknown(`flavour ${id} of ${name}`);
    if (soldOut.soldOutFlavors.has(flavor.id) || flavor.status !== AVAILABLE) throw soldOutError(flavor.name);
    return flavor;
  });
  const fraction = flavors.length === 1 ? "" : `1/${flavors.length} `;
  // The flavours are the pizza's first options at zero: the rule prices the pizza itself.
  const flavorOptions: PricedOption[] = flavors.map((flavor) => ({
    code: `flavor:${flavor.id}`,
    name: `${fraction}${flavor.name}`,
    quantity: 1,
    unitCents: 0,
    totalCents: 0,
  }));
  const unitCents = pizzaUnitCents(
    flavors.map((flavor) => centsOf(flavor.price)),
    pizzaPricing,
  );
  const options = [...flavorOptions, ...priceOptions(line.options, size.properties, soldOut, name)];
  return finish(`pizzaSize:${size.id}`, name, line.quantity, unitCents, options, line.note);
}

function priceOptions(
  choices: ReadonlyArray<{ optionId: number; quantity: number }>,
  properties: readonly MenuProperty[],
  soldOut: SoldOut,
  itemName: string,
): PricedOption[] {
  const chosen = new Map<number, number>();
  const priced = choices.map((choice) => {
    const property = properties.find((candidate) => candidate.options.some((o) => o.id === choice.optionId));
    const option = property?.options.find((o) => o.id === choice.optionId);
    if (!property || !option) throw unknown(`option ${choice.optionId} of ${itemName}`);
    if (soldOut.soldOutOptions.has(option.id) || option.status !== AVAILABLE) throw soldOutError(option.name);
    chosen.set(property.id, (chosen.get(property.id) ?? 0) + choice.quantity);
    const unitCents = centsOf(option.price);
    return {
      code: `option:${option.id}`,
      name: option.name,
      quantity: choice.quantity,
      unitCents,
      totalCents: unitCents * choice.quantity,
    };
  });
  for (const property of properties) {
    const count = chosen.get(property.id) ?? 0;
    const most = property.maxChoices > 0 ? property.maxChoices : Infinity;
    if (count < property.minChoices || count > most)
      throw ownOrderError(
        "optionCount",
        `${itemName}: “${property.name}” takes ${property.minChoices} to ${property.maxChoices} choices.`,
        `${itemName}: ${property.name}`,
      );
  }
  return priced;
}

function finish(
  code: string,
  name: string,
  quantity: number,
  unitCents: number,
  options: PricedOption[],
  note: string | undefined,
): PricedLine {
  const optionsCents = options.reduce((sum, option) => sum + option.totalCents, 0);
  return {
    code,
    name,
    quantity,
    unitCents,
    optionsCents,
    totalCents: quantity * (unitCents + optionsCents),
    options,
    ...(note ? { note } : {}),
  };
}

export interface OrderTotals {
  itemsCents: number;
  deliveryFeeCents: number;
  totalCents: number;
  /** Troco para (CASH): what the customer hands over; null when not given. */
  changeForCents: number | null;
  /** What the courier or cashier gives back. */
  changeCents: number | null;
}

/** The order's totals; refuses troco para below the total (the customer would not cover it). */
export function orderTotals(
  itemsCents: number,
  deliveryFeeCents: number,
  payment: { method: string; changeForCents?: number },
): OrderTotals {
  const totalCents = itemsCents + deliveryFeeCents;
  const changeForCents = payment.method === "CASH" ? (payment.changeForCents ?? null) : null;
  if (changeForCents !== null && changeForCents < totalCents)
    throw ownOrderError(
      "trocoBelowTotal",
      `Change for ${formatCents(changeForCents)} is less than the total, ${formatCents(totalCents)}.`,
      formatCents(totalCents),
    );
  return {
    itemsCents,
    deliveryFeeCents,
    totalCents,
    changeForCents,
    changeCents: changeForCents === null ? null : changeForCents - totalCents,
  };
}

function unknown(what: string) {
  return ownOrderError("unknownItem", `There is no ${what} on this restaurant's menu.`, what);
}

function soldOutError(name: string) {
  return ownOrderError("soldOut", `${name} is sold out.`, name);
}
