import type { AddressDef, StoreDef } from "../catalog/types";
import { zoneFor, feeCents, ruleOf, waitOf } from "./delivery";
import type { StoreDomain } from "./domain";
import { StoreApiError, unprocessable } from "./errors";
import { geolocate } from "./geocode";
import { reais } from "./money";
import type { AddressInput, Fulfillment } from "./order-schemas";

// Where the order goes and what that costs: the delivery address (saved or given) inside a
// delivery area with its fee and minimum order, take-out with its minimum, or a table of one
// of the store's sections with the 10 % service fee.

export const SERVICE_FEE_PERCENT = 10;

export type ResolvedFulfillment = {
  type: "DELIVERY" | "TAKEOUT" | "TABLE";
  address: (AddressDef & { id: number | null }) | null;
  place: string | null;
  deliveryCents: number;
  serviceCents: number;
  waitMinutes: number;
};

export function addressFromInput(input: AddressInput): AddressDef {
  const located = input.lat != null && input.lng != null ? { lat: input.lat, lng: input.lng } : geolocate(input);
  return {
    street: input.street,
    number: input.number,
    zipcode: input.zipcode.replace(/\D/g, ""),
    neighborhood: input.neighborhood,
    city: input.city,
    state: input.state.toUpperCase(),
    complement: input.complement,
    reference_point: input.reference_point ?? null,
    ...located,
  };
}

/** "S05" → "Salão · Mesa 05" when the store has that table. */
export function tablePlace(store: StoreDef, code: string): string | undefined {
  const match = /^([A-Za-z]+)0*(\d+)$/.exec(code.trim());
  if (!match?.[1] || !match[2]) return undefined;
  const section = store.tableSections.find((s) => s.prefixCode.toUpperCase() === match[1]?.toUpperCase());
  const number = Number(match[2]);
  if (!section || number < 1 || number > section.tables) return undefined;
  return `${section.name} · Mesa ${String(number).padStart(2, "0")}`;
}

export function resolveFulfillment(
  domain: StoreDomain,
  store: StoreDef,
  who: { merchantId: string; customerId?: number },
  fulfillment: Fulfillment,
  subtotalCents: number,
  at: Date,
): ResolvedFulfillment {
  if (fulfillment.type === "TABLE") {
    const place = tablePlace(store, fulfillment.tableCode);
    if (!place)
      throw unprocessable(
        "invalid_table",
        `fulfillment.tableCode: ${fulfillment.tableCode} is not a table of this store`,
      );
    const serviceCents = Math.round((subtotalCents * SERVICE_FEE_PERCENT) / 100);
    return { type: "TABLE", address: null, place, deliveryCents: 0, serviceCents, waitMinutes: 20 };
  }
  if (fulfillment.type === "TAKEOUT") {
    if (subtotalCents < store.takeoutMinimumOrderCents) {
      throw unprocessable(
        "below_minimum_order",
        `values.subtotal: the take-out minimum order is R$ ${reais(store.takeoutMinimumOrderCents)}`,
      );
    }
    return {
      type: "TAKEOUT",
      address: null,
      place: null,
      deliveryCents: 0,
      serviceCents: 0,
      waitMinutes: store.minWaitingTime - 10,
    };
  }
  let address: AddressDef & { id: number | null };
  if (fulfillment.addressId != null) {
    if (who.customerId === undefined)
      throw new StoreApiError(403, "customer_login_required", "fulfillment.addressId needs a customer's token");
    const saved = domain.addressOf(who.merchantId, who.customerId, fulfillment.addressId);
    address = { ...saved.address, id: saved.id };
  } else {
    address = { ...addressFromInput(fulfillment.address as AddressInput), id: null };
  }
  const zone = zoneFor(store, { lat: address.lat, lng: address.lng, zipcode: address.zipcode }, at);
  if (!zone) {
    throw unprocessable(
      "outside_delivery_area",
      `fulfillment: ${address.street}, ${address.number} (${address.neighborhood}) is outside the delivery areas`,
    );
  }
  if (subtotalCents < store.minimumOrderCents) {
    throw unprocessable(
      "below_minimum_order",
      `values.subtotal: the delivery minimum order is R$ ${reais(store.minimumOrderCents)}`,
    );
  }
  return {
    type: "DELIVERY",
    address,
    place: null,
    deliveryCents: feeCents(ruleOf(zone), subtotalCents, at),
    serviceCents: 0,
    waitMinutes: waitOf(zone).maxWait,
  };
}
