import { price, sum } from "./money";
import { pickDistinct, stableUuid, type Rng } from "./random";
import type { CatalogItem, CatalogOption, Menu, OptionGroup } from "./seed/order-menu";
import type { ItemLine, OptionLine } from "./types";

// Builds order lines from a menu. Each line keeps its cents beside it so the order's totals are
// computed from the same integers the document shows.

export type PricedLine = { line: ItemLine; totalCents: number };

/** Mostly 1, sometimes more: real carts rarely hold three of everything. */
const smallQuantity = (rng: Rng, max: number) => (max <= 1 || rng.chance(0.7) ? 1 : rng.int(2, max));

function groupOptions(
  rng: Rng,
  group: OptionGroup,
): { option: CatalogOption; name: string; cents: number; quantity: number }[] {
  if (group.min === 0 && !rng.chance(group.chance)) return [];
  const count = rng.int(Math.max(group.min, 1), group.max);
  const picked = pickDistinct(rng, group.options, count);
  const halves = group.halves === true && picked.length === 2;
  return picked.map((option) => ({
    option,
    name: halves ? `1/2 ${option.name}` : option.name,
    // A half-and-half pizza charges half of each flavour's surcharge.
    cents: halves ? Math.round(option.priceCents / 2) : option.priceCents,
    quantity: halves ? 1 : smallQuantity(rng, group.maxQuantityEach),
  }));
}

function buildLine(rng: Rng, merchantKey: string, item: CatalogItem, index: number): PricedLine {
  const quantity = smallQuantity(rng, item.maxQuantity);
  const picked = (item.groups ?? []).flatMap((group) => groupOptions(rng, group));
  const options: OptionLine[] = picked.map((p, i) => ({
    index: i + 1,
    id: stableUuid(`${merchantKey}:option:${p.option.code}`),
    name: p.name,
    externalCode: p.option.code,
    unit: "UN",
    quantity: p.quantity,
    unitPrice: price(p.cents),
    totalPrice: price(p.cents * p.quantity),
  }));
  const optionsCents = sum(picked.map((p) => p.cents * p.quantity));
  const totalCents = quantity * (item.priceCents + optionsCents);
  const line: ItemLine = {
    index,
    id: stableUuid(`${merchantKey}:item:${item.code}`),
    name: item.name,
    externalCode: item.code,
    unit: "UN",
    quantity,
    unitPrice: price(item.priceCents),
    optionsPrice: price(optionsCents),
    totalPrice: price(totalCents),
  };
  if (item.instructions && item.instructions.length > 0 && rng.chance(0.3)) {
    line.specialInstructions = rng.pick(item.instructions);
  }
  if (options.length > 0) line.options = options;
  return { line, totalCents };
}

export function buildLines(rng: Rng, merchantKey: string, menu: Menu): PricedLine[] {
  const chosen = menu.sections.flatMap((section) =>
    pickDistinct(rng, section.items, rng.int(section.min, section.max)),
  );
  return chosen.map((item, i) => buildLine(rng, merchantKey, item, i + 1));
}
