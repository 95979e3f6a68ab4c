import type { Availability, OptionDef, PropertyDef } from "./types";

// Small builders that keep the menu files readable.

export const BRT = "-03:00";
export const t = (hhmm: string) => `${hhmm}:00${BRT}`;

let availabilityId = 9000;
/** The same period on several weekdays. */
export function periods(weekdays: number[], start: string, end: string): Availability[] {
  return weekdays.map((weekday) => ({ id: ++availabilityId, weekday, periodStart: t(start), periodEnd: t(end) }));
}

export const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6];
export const WEEKDAYS = [1, 2, 3, 4, 5];

export const opt = (id: number, customCode: string, name: string, priceCents: number, description = ""): OptionDef => ({
  id,
  customCode,
  name,
  priceCents,
  description,
});

export function property(
  id: number,
  name: string,
  rule: { choiceType: "SINGLE" | "MULTIPLE"; min: number; max: number; maxEach?: number },
  options: OptionDef[],
  description = "",
): PropertyDef {
  return {
    id,
    name,
    description,
    choiceType: rule.choiceType,
    min: rule.min,
    max: rule.max,
    maxEach: rule.maxEach ?? 1,
    options,
  };
}

/** A polygon around a centre: an irregular hexagon, roughly `radiusKm` across each way. */
export function hexagon(lat: number, lng: number, radiusKm: number, squash = [1, 0.85, 1.1, 0.95, 1.05, 0.9]) {
  const dLat = radiusKm / 111;
  const dLng = radiusKm / (111 * Math.cos((lat * Math.PI) / 180));
  return squash.map((k, i) => {
    const angle = (Math.PI / 3) * i;
    return {
      lat: Number((lat + Math.sin(angle) * dLat * k).toFixed(6)),
      lng: Number((lng + Math.cos(angle) * dLng * k).toFixed(6)),
    };
  });
}
