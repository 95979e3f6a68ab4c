import type { DeliveryArea, FeeRule, SpecificLocation } from "@/lib/platform/store-api/types";
import { centsOf } from "./money";

// The delivery fee of an own order: the fee of the restaurant's delivery zone the address falls
// in (the store API's delivery areas and specific locations, imported with the menu).
//
// Which zone, as the store API's own data allows (the platform itself prices this way):
//   1. an active specific location whose CEP is the address's (8 digits) — a CEP is exact;
//   2. the first active polygon area containing the address's coordinates, when it has any;
//   3. without coordinates (a phone operator types an address, nothing geocodes it here): an
//      active specific location whose neighbourhood is the address's district, then an active
//      area whose name is the district — compared without case, accents or extra spaces.
// No zone: the address is outside every delivery area (the form offers retirada).

export interface DeliveryZones {
  areas: readonly DeliveryArea[];
  locations: readonly SpecificLocation[];
}

export interface DeliveryPoint {
  postalCode: string;
  district: string;
  coordinates?: { latitude: number; longitude: number };
}

export type Zone = { kind: "location"; zone: SpecificLocation } | { kind: "area"; zone: DeliveryArea };

const digits = (text: string) => text.replace(/\D/g, "");

/** "Jardim  São José" → "jardim sao jose". */
export function plainName(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim();
}

export function zoneOf(zones: DeliveryZones, point: DeliveryPoint): Zone | undefined {
  const cep = digits(point.postalCode);
  const byCep = cep.length === 8 ? zones.locations.find((l) => l.active && digits(l.zipcode) === cep) : undefined;
  if (byCep) return { kind: "location", zone: byCep };
  const at = point.coordinates;
  if (at) {
    const area = zones.areas.find((a) => a.active && inPolygon({ lat: at.latitude, lng: at.longitude }, a.polygon));
    if (area) return { kind: "area", zone: area };
  }
  const district = plainName(point.district);
  if (district === "") return undefined;
  const byDistrict = zones.locations.find((l) => l.active && plainName(l.neighborhood) === district);
  if (byDistrict) return { kind: "location", zone: byDistrict };
  const byName = zones.areas.find((a) => a.active && plainName(a.name) === district);
  return byName ? { kind: "area", zone: byName } : undefined;
}

/**
 * A zone's fee for an order of `subtotalCents`, at `localMinutes` (minutes since the restaurant's
 * midnight): free at or above the rule's minimum, the dynamic price inside its daily window, the
 * fixed price otherwise; a zone without a rule charges nothing. Never negative.
 */
export function feeCents(rule: FeeRule | null, subtotalCents: number, localMinutes: number): number {
  if (!rule) return 0;
  if (rule.freeAbove && subtotalCents >= centsOf(rule.freeAbove)) return 0;
  if (rule.dynamicPrice && rule.dynamicStart && rule.dynamicEnd) {
    const start = minutesOf(rule.dynamicStart);
    const end = minutesOf(rule.dynamicEnd);
    if (start !== undefined && end !== undefined && inWindow(localMinutes, start, end))
      return Math.max(0, centsOf(rule.dynamicPrice));
  }
  return Math.max(0, centsOf(rule.fixedPrice));
}

/** "18:30:00-03:00" → 1110 (the time of day as written; the offset is the restaurant's own). */
function minutesOf(time: string): number | undefined {
  const match = /^(\d{2}):(\d{2})/.exec(time);
  return match ? Number(match[1]) * 60 + Number(match[2]) : undefined;
}

/** A daily window; one ending before it starts runs past midnight. */
function inWindow(minutes: number, start: number, end: number): boolean {
  return start <= end ? minutes >= start && minutes < end : minutes >= start || minutes < end;
}

/** Ray casting: whether the point is inside the polygon (its edges closing back to the first vertex). */
export function inPolygon(point: { lat: number; lng: number }, polygon: ReadonlyArray<{ lat: number; lng: number }>) {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const a = polygon[i]!;
    const b = polygon[j]!;
    if (a.lat > point.lat !== b.lat > point.lat) {
      const lngAtLat = ((b.lng - a.lng) * (point.lat - a.lat)) / (b.lat - a.lat) + a.lng;
      if (point.lng < lngAtLat) inside = !inside;
    }
  }
  return inside;
}
