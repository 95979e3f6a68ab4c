import type { KitchenLine } from "@/lib/contract/board";
import type { ReviewItem } from "@/lib/contract/order-review";
import { isRecord, positive, text } from "./read-defensively";

/**
 * The platform's items, read once into the lines the kitchen makes: for the card's all-day counts
 * (option quantities per unit of their item, as the standard sends them) and for review (option
 * quantities multiplied out). Read defensively: the order schema checks only what every card
 * needs, and a malformed item or option must not make an order unreadable.
 */
interface ReadItem extends Omit<KitchenLine, "code"> {
  unit: string | null;
  instructions: string | null;
  /** The platform's id of the item (a uuid in the standard): what a cancel's outOfStockItems names. */
  id?: string;
  /** The item's externalCode: the store's own code ("item:12"), which routes the line to a station. */
  externalCode?: string;
  optionCodes: (string | undefined)[];
}

/** An external code kept only when short: a fuzzing platform's megabyte code routes nothing. */
const code = (value: unknown): string | undefined => {
  const read = text(value);
  return read && read.length <= 60 ? read : undefined;
};

function readItems(items: unknown): ReadItem[] {
  if (!Array.isArray(items)) return [];
  return items.flatMap((item) => {
    if (!isRecord(item)) return [];
    const options = Array.isArray(item.options) ? item.options : [];
    const unit = text(item.unit);
    const id = text(item.id);
    const externalCode = code(item.externalCode);
    return [
      {
        ...(id ? { id } : {}),
        ...(externalCode ? { externalCode } : {}),
        optionCodes: options.filter(isRecord).map((option) => code(option.externalCode)),
        name: text(item.name) ?? "?",
        quantity: positive(item.quantity) ?? 1,
        unit: unit && unit !== "UN" && unit !== "UNIT" ? unit : null,
        instructions: text(item.specialInstructions) ?? null,
        options: options.flatMap((option) =>
          isRecord(option) ? [{ name: text(option.name) ?? "?", quantity: positive(option.quantity) ?? 1 }] : [],
        ),
      },
    ];
  });
}

/**
 * What to make, per unit: the board card's ticket lines (with the item's note) and what the
 * all-day counts add up.
 */
export function kitchenLines(items: unknown): KitchenLine[] {
  return readItems(items).map(({ name, quantity, options, instructions, externalCode, optionCodes }) => ({
    name,
    quantity,
    options: options.map((option, index) => {
      const optionCode = optionCodes[index];
      return optionCode ? { ...option, code: optionCode } : option;
    }),
    ...(instructions ? { note: instructions } : {}),
    ...(externalCode ? { code: externalCode } : {}),
  }));
}

/** The customer's note for the whole order (the standard's extraInfo), or null. */
export function orderNotes(details: unknown): string | null {
  return isRecord(details) ? (text(details.extraInfo) ?? null) : null;
}

/** What to make, as the details and the ticket show it: options multiplied by their item's quantity. */
export function reviewItems(items: unknown): ReviewItem[] {
  return readItems(items).map(({ id, name, quantity, unit, instructions, options }) => ({
    ...(id ? { id } : {}),
    name,
    quantity,
    unit,
    instructions,
    options: options.map((option) => ({ name: option.name, quantity: option.quantity * quantity })),
  }));
}

/** The table or tab of an INDOOR order (the standard's indoor.place / indoor.tab). */
export function indoorPlace(indoor: unknown): string | null {
  if (!isRecord(indoor)) return null;
  return text(indoor.place) ?? text(indoor.tab) ?? null;
}
