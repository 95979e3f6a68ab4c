import type { KitchenLine } from "@/lib/orders/types";

/**
 * The item lines the kitchen makes, read defensively from the platform's items (the order
 * schema checks only what every card needs; a malformed option must not make an order
 * unreadable). Option quantities stay per unit of their item, as the standard sends them.
 */
export function kitchenLines(items: readonly unknown[]): KitchenLine[] {
  return items.flatMap((item) => {
    if (!isRecord(item)) return [];
    const options = Array.isArray(item.options) ? item.options : [];
    return [
      {
        name: text(item.name) ?? "?",
        quantity: positive(item.quantity) ?? 1,
        options: options.flatMap((option) =>
          isRecord(option) ? [{ name: text(option.name) ?? "?", quantity: positive(option.quantity) ?? 1 }] : [],
        ),
      },
    ];
  });
}

/** The table or tab of an INDOOR order (the standard's indoor.place / indoor.tab). */
export function indoorPlace(indoor: unknown): string | null {
  if (!isRecord(indoor)) return null;
  return text(indoor.place) ?? text(indoor.tab) ?? null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

function text(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;
}

function positive(value: unknown): number | undefined {
  return typeof value === "number" && Number.isFinite(value) && value > 0 ? value : undefined;
}
