import type { DeliveryAreaDef, FeeRule, SpecificLocationDef, StoreDef } from "../catalog/types";
import { pointInPolygon } from "./geo";
import { money } from "./money";
import { inDailyWindow, localTime } from "./time";

// Where a store delivers and what it charges. A specific location (matched by CEP) wins over
// the polygons; among polygons the first listed that contains the point and is active at that
// time prices the delivery.

export type DeliveryPoint = { lat: number; lng: number; zipcode: string };

export type DeliveryZone =
  { kind: "AREA"; area: DeliveryAreaDef } | { kind: "SPECIFIC"; location: SpecificLocationDef };

const digits = (text: string) => text.replace(/\D/g, "");

function activeAt(zone: { isActive: boolean; inactivation?: { start: string; end: string } }, at: Date): boolean {
  if (!zone.isActive) return false;
  return !zone.inactivation || !inDailyWindow(localTime(at).minutes, zone.inactivation.start, zone.inactivation.end);
}

export function zoneFor(store: StoreDef, point: DeliveryPoint, at: Date): DeliveryZone | undefined {
  const location = store.specificLocations.find((l) => digits(l.zipcode) === digits(point.zipcode) && activeAt(l, at));
  if (location) return { kind: "SPECIFIC", location };
  const area = store.deliveryAreas.find((a) => activeAt(a, at) && pointInPolygon(point, a.polygon));
  return area ? { kind: "AREA", area } : undefined;
}

export const ruleOf = (zone: DeliveryZone) => (zone.kind === "AREA" ? zone.area.rule : zone.location.rule);
export const waitOf = (zone: DeliveryZone) => (zone.kind === "AREA" ? zone.area : zone.location);

export function feeCents(rule: FeeRule, subtotalCents: number, at: Date): number {
  if (rule.type === "FREE_ABOVE_MINIMUM" && rule.freeAboveCents !== undefined && subtotalCents >= rule.freeAboveCents)
    return 0;
  if (rule.type === "DYNAMIC" && rule.dynamicCents !== undefined && rule.dynamicStart && rule.dynamicEnd) {
    if (inDailyWindow(localTime(at).minutes, rule.dynamicStart, rule.dynamicEnd)) return rule.dynamicCents;
  }
  return rule.fixedCents;
}

/** DeliveryFeePricingRule as the store API shows it. */
export function ruleShape(rule: FeeRule) {
  return {
    type: rule.type,
    fixedPrice: money(rule.fixedCents),
    freeDeliveryMinimumOrder: rule.freeAboveCents === undefined ? null : money(rule.freeAboveCents),
    freeDeliveryTimeout: null,
    dynamicPrice: rule.dynamicCents === undefined ? null : money(rule.dynamicCents),
    dynamicPriceStart: rule.dynamicStart ?? null,
    dynamicPriceEnd: rule.dynamicEnd ?? null,
  };
}

function zoneCommon(zone: DeliveryAreaDef | SpecificLocationDef) {
  return {
    id: zone.id,
    name: zone.name,
    isActive: zone.isActive,
    minimumWaitingMinutes: zone.minWait,
    maximumWaitingMinutes: zone.maxWait,
    inactivationPeriod: zone.inactivation
      ? { inactivationStart: zone.inactivation.start, inactivationEnd: zone.inactivation.end }
      : null,
    deliveryFeePricingRule: ruleShape(zone.rule),
  };
}

export const deliveryAreaShape = (area: DeliveryAreaDef) => ({
  type: "POLYGON",
  ...zoneCommon(area),
  polygon: area.polygon,
});

export const specificLocationShape = (l: SpecificLocationDef) => ({
  type: "SPECIFIC",
  ...zoneCommon(l),
  street: l.street,
  neighborhood: l.neighborhood,
  zipcode: l.zipcode,
});
