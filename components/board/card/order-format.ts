import type { KitchenLine } from "@/lib/contract/board";

/** Whole minutes since `placedAt`; null when the platform sent a time we cannot read. */
export function ageInMinutes(placedAt: string, now: number): number | null {
  const placed = Date.parse(placedAt);
  if (Number.isNaN(placed)) return null;
  // A platform clock slightly ahead of ours must not show a negative age.
  return Math.max(0, Math.floor((now - placed) / 60_000));
}

/** The order types the board has words for; anything else the platform sends is shown raw. */
export const KNOWN_ORDER_TYPES = ["DELIVERY", "TAKEOUT", "INDOOR"] as const;
export type KnownOrderType = (typeof KNOWN_ORDER_TYPES)[number];

export function isKnownOrderType(type: string): type is KnownOrderType {
  return (KNOWN_ORDER_TYPES as readonly string[]).includes(type);
}

/**
 * An item's options as the cook puts them on the plate: multiplied by the item's quantity, with
 * the count only where there is more than one ("1/2 Calabresa · 2× Bacon"): a "1×" before every
 * flavour and dough is noise that costs a ticket lines.
 */
export function optionsText(line: Pick<KitchenLine, "quantity" | "options">): string {
  return line.options
    .map((option) => {
      const count = option.quantity * line.quantity;
      return count === 1 ? option.name : `${count}× ${option.name}`;
    })
    .join(" · ");
}
