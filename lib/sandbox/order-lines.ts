import { SandboxError } from "./errors";
import { price, sum } from "./money";
import { pickDistinct, stableUuid, type Rng } from "./random";
import type { CatalogItem, CatalogOption, Menu, OptionGroup } from "./seed/order-menu";
import type { ItemLine, OptionLine } from "./types";

// Builds order lines from a menu. Each line keeps its cents beside it so the order's totals are
// computed from the same integers the document shows.

export type PricedLine = { line: ItemLine; totalCents: number };

/** Mostly 1, sometimes more: real carts rarely hold three of everything. */
const smallQuantity = (rng: Rng, max: number) => (max <= 1 || rng.chance(0.7) ? 1 : rng.int(2, max));

function groupOptions(rng: Rng, group: OptionGroup): PickedOption[] {
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

type PickedOption = { option: CatalogOption; name: string; cents: number; quantity: number };

/** A line and its cents from what was picked: the one place a line's prices are worked out. */
function pricedLine(
  merchantKey: string,
  item: CatalogItem,
  index: number,
  quantity: number,
  picked: readonly PickedOption[],
  specialInstructions: string | undefined,
): PricedLine {
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
  if (specialInstructions) line.specialInstructions = specialInstructions;
  if (options.length > 0) line.options = options;
  return { line, totalCents };
}

function buildLine(rng: Rng, merchantKey: string, item: CatalogItem, index: number): PricedLine {
  const quantity = smallQuantity(rng, item.maxQuantity);
  const picked = (item.groups ?? []).flatMap((group) => groupOptions(rng, group));
  const instructions =
    item.instructions && item.instructions.length > 0 && rng.chance(0.3) ? rng.pick(item.instructions) : undefined;
  return pricedLine(merchantKey, item, index, quantity, picked, instructions);
}

export function buildLines(rng: Rng, merchantKey: string, menu: Menu): PricedLine[] {
  const chosen = menu.sections.flatMap((section) =>
    pickDistinct(rng, section.items, rng.int(section.min, section.max)),
  );
  return chosen.map((item, i) => buildLine(rng, merchantKey, item, i + 1));
}

/** An item a caller names by its menu code (`PZ-GRANDE`), with options named the same way. */
export type ChosenItem = {
  code: string;
  quantity?: number;
  options?: { code: string; quantity?: number }[];
  specialInstructions?: string;
};

/**
 * Lines of the items a caller chose (the control API's `items`), priced as generated lines are:
 * two flavours of a half-and-half group are halves ("1/2 Calabresa", half the surcharge each).
 * Codes are looked up in the given menus, first match wins; the menu of the first item is
 * answered so the order can carry its brand. An unknown code is a 400 naming the field.
 */
export function chosenLines(
  merchantKey: string,
  menus: readonly Menu[],
  chosen: readonly ChosenItem[],
): { lines: PricedLine[]; menu: Menu | undefined } {
  let firstMenu: Menu | undefined;
  const lines = chosen.map((wanted, i) => {
    let item: CatalogItem | undefined;
    for (const menu of menus) {
      item = menu.sections.flatMap((section) => section.items).find((candidate) => candidate.code === wanted.code);
      if (item) {
        if (i === 0) firstMenu = menu;
        break;
      }
    }
    if (!item) throw new SandboxError(400, `Invalid body field items[${i}].code: no item ${wanted.code} on the menu`);
    const groups = item.groups ?? [];
    const named = (wanted.options ?? []).map((option, j) => {
      const group = groups.find((candidate) => candidate.options.some((o) => o.code === option.code));
      if (!group)
        throw new SandboxError(
          400,
          `Invalid body field items[${i}].options[${j}].code: ${item.code} has no option ${option.code}`,
        );
      return { group, option: group.options.find((o) => o.code === option.code)!, quantity: option.quantity ?? 1 };
    });
    const picked = named.map(({ group, option, quantity }): PickedOption => {
      const halves = group.halves === true && named.filter((other) => other.group === group).length === 2;
      return halves
        ? { option, name: `1/2 ${option.name}`, cents: Math.round(option.priceCents / 2), quantity: 1 }
        : { option, name: option.name, cents: option.priceCents, quantity };
    });
    return pricedLine(merchantKey, item, i + 1, wanted.quantity ?? 1, picked, wanted.specialInstructions);
  });
  return { lines, menu: firstMenu };
}
