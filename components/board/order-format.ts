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
