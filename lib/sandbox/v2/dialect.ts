// Which Open Delivery a platform speaks. One dialect per platform: a 1.7 platform serves the 1.x
// interchange (/v1, 1.3 with the 1.5 and 1.7 additions), a 2.0 platform the 2.0 release
// candidate 2 (/v2, README "Open Delivery 2.0"). 1.7 is the default, so every caller that names
// none sees the sandbox it always saw.

export const DIALECTS = ["1.7", "2.0"] as const;
export type OpenDeliveryDialect = (typeof DIALECTS)[number];
export const DEFAULT_DIALECT: OpenDeliveryDialect = "1.7";

export const isDialect = (value: string): value is OpenDeliveryDialect =>
  (DIALECTS as readonly string[]).includes(value);

/**
 * `--open-delivery 2.0` or `1.7,2.0` (one per platform): the dialects, or an error sentence.
 * A single value applies to every platform.
 */
export function parseDialects(value: string, platforms: number): OpenDeliveryDialect[] | string {
  const parts = value.split(",").map((part) => part.trim());
  const bad = parts.find((part) => !isDialect(part));
  if (bad !== undefined)
    return `--open-delivery takes ${DIALECTS.join(" or ")} (comma-separated per platform), got "${bad}"`;
  if (parts.length === 1) return Array.from({ length: platforms }, () => parts[0] as OpenDeliveryDialect);
  if (parts.length !== platforms) return `--open-delivery names ${parts.length} dialects for ${platforms} platforms`;
  return parts as OpenDeliveryDialect[];
}
