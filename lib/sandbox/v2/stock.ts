import { stores } from "../catalog";
import { catalogueOn } from "../catalog/platform-catalogue";
import type { ItemDef, StoreDef } from "../catalog/types";
import { notFound, SandboxError } from "../errors";
import { controlsOf } from "../merchant/controls";
import type { OfferAvailability } from "../merchant/state";
import { stableUuid } from "../random";
import { seedOfMerchant } from "../seed/merchants";
import type { ItemLine, Merchant } from "../types";

// A 2.0 platform's item offers (merchant.openapi.yaml, ItemOffer) and their `quantityAvailable`:
// the platform hosts the catalogue and the Software Service PATCHes availability on it
// (updateItemOffer; docs/open-delivery-2.md "Só restam N"). One menu per merchant, one offer per
// catalogue item as this platform lists it (catalog/platform-catalogue.ts), its id the item's id
// on this platform — the id its store API and the orders' `itemOfferId` use too. Every order the
// platform takes passes `takeStock` (Platform.addOrder): a count it would take below zero refuses
// the whole order, else each count goes down by the units ordered. Synchronous check and change
// on one thread: a burst of orders stops at exactly zero.

/** The one menu each merchant has here (listMenus). */
export const MENU_ID = "main";

export type ItemOffer = {
  id: string;
  itemId: string;
  index: number;
  status: "AVAILABLE" | "UNAVAILABLE";
  unityPrice: { value: number; originalValue: number; currency: "BRL" };
  quantityAvailable: number | null;
};

/** The merchant's store as this platform lists it; undefined for a merchant with no catalogue. */
export function listedStore(merchant: Merchant, platformKey: string): StoreDef | undefined {
  const key = seedOfMerchant(merchant, platformKey)?.key;
  const store = stores.find((s) => s.merchantKey === key);
  return store && catalogueOn(store, platformKey);
}

const sellable = (store: StoreDef): ItemDef[] =>
  store.categories.filter((c) => !c.isPizzaModule).flatMap((c) => c.items);

/**
 * The offer id each order line names, by the line's id: a store API cart's line
 * (`store-item:<this platform's id>`) or a generated / control order's (`item:<code>`, the
 * definition's code: the definition and this platform's listing go item for item).
 */
function offerOfLine(merchant: Merchant, platformKey: string): Map<string, string> {
  const key = seedOfMerchant(merchant, platformKey)?.key;
  const defined = stores.find((s) => s.merchantKey === key);
  const map = new Map<string, string>();
  if (!defined) return map;
  const listed = sellable(catalogueOn(defined, platformKey));
  sellable(defined).forEach((item, i) => {
    const own = listed[i];
    if (!own) return;
    map.set(stableUuid(`${defined.merchantKey}:store-item:${own.id}`), String(own.id));
    map.set(stableUuid(`${defined.merchantKey}:item:${item.customCode}`), String(own.id));
  });
  return map;
}

const cache = new WeakMap<Merchant, Map<string, string>>();

/** The catalogue offer an order line was ordered from, or undefined (a pizza, an unknown line). */
export function offerIdOfLine(merchant: Merchant, platformKey: string, line: Pick<ItemLine, "id">): string | undefined {
  let map = cache.get(merchant);
  if (!map) cache.set(merchant, (map = offerOfLine(merchant, platformKey)));
  return map.get(line.id);
}

function availabilityOf(merchant: Merchant, offerId: string): OfferAvailability {
  return controlsOf(merchant).offers?.[offerId] ?? {};
}

/** The merchant's item offers on the menu, in menu order. */
export function itemOffers(merchant: Merchant, platformKey: string): ItemOffer[] {
  const store = listedStore(merchant, platformKey);
  if (!store) return [];
  return sellable(store).map((item, index) => {
    const availability = availabilityOf(merchant, String(item.id));
    const value = item.priceCents / 100;
    return {
      id: String(item.id),
      itemId: String(item.id),
      index,
      status: availability.status ?? (item.status === "UNAVAILABLE" ? "UNAVAILABLE" : "AVAILABLE"),
      unityPrice: { value, originalValue: (item.oldPriceCents ?? item.priceCents) / 100, currency: "BRL" },
      quantityAvailable: availability.quantityAvailable ?? null,
    };
  });
}

/** updateItemOffer: `status` and `quantityAvailable` as sent (null: no limit); 404 for an unknown offer. */
export function patchItemOffer(
  merchant: Merchant,
  platformKey: string,
  offerId: string,
  patch: { status?: "AVAILABLE" | "UNAVAILABLE"; quantityAvailable?: number | null },
): ItemOffer {
  const offer = itemOffers(merchant, platformKey).find((o) => o.id === offerId);
  if (!offer) throw notFound(`Item offer ${offerId} is not on menu ${MENU_ID}`);
  const controls = controlsOf(merchant);
  const next: OfferAvailability = { ...controls.offers?.[offerId] };
  if (patch.status !== undefined) next.status = patch.status;
  if (patch.quantityAvailable !== undefined) next.quantityAvailable = patch.quantityAvailable;
  controls.offers = { ...controls.offers, [offerId]: next };
  return itemOffers(merchant, platformKey).find((o) => o.id === offerId) ?? offer;
}

/** The units of each offer an order's lines take. */
function unitsByOffer(merchant: Merchant, platformKey: string, lines: readonly ItemLine[]): Map<string, number> {
  const units = new Map<string, number>();
  for (const line of lines) {
    const offerId = offerIdOfLine(merchant, platformKey, line);
    if (offerId !== undefined) units.set(offerId, (units.get(offerId) ?? 0) + line.quantity);
  }
  return units;
}

/**
 * Takes an order's units off its offers' counts, or refuses the whole order (409
 * `ITEM_UNAVAILABLE`, naming the item and what is left) when one is UNAVAILABLE or would go below
 * zero. Offers with no declared count (null) are never limited.
 */
export function takeStock(merchant: Merchant, platformKey: string, lines: readonly ItemLine[]): void {
  const offers = controlsOf(merchant).offers;
  if (!offers || Object.keys(offers).length === 0) return;
  const units = unitsByOffer(merchant, platformKey, lines);
  for (const [offerId, wanted] of units) {
    const { status, quantityAvailable } = offers[offerId] ?? {};
    const name = lines.find((line) => offerIdOfLine(merchant, platformKey, line) === offerId)?.name ?? offerId;
    if (status === "UNAVAILABLE" || quantityAvailable === 0)
      throw new SandboxError(409, `${name} is unavailable (item offer ${offerId})`, { code: "ITEM_UNAVAILABLE" });
    if (typeof quantityAvailable === "number" && quantityAvailable < wanted)
      throw new SandboxError(
        409,
        `Only ${quantityAvailable} of ${name} left (item offer ${offerId}); the order asks for ${wanted}`,
        { code: "ITEM_UNAVAILABLE", quantityAvailable },
      );
  }
  for (const [offerId, wanted] of units) {
    const offer = offers[offerId];
    if (typeof offer?.quantityAvailable === "number") offer.quantityAvailable -= wanted;
  }
}

/** An order's lines → their offers, for the 2.0 order's `itemOfferId` (v2/order-shape.ts). */
export const offersOfOrder =
  (merchant: Merchant | undefined, platformKey: string) =>
  (line: ItemLine): string | undefined =>
    merchant ? offerIdOfLine(merchant, platformKey, line) : undefined;
