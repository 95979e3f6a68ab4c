import { z } from "zod";
import { SandboxError } from "../errors";
import { controlsOf } from "../merchant/controls";
import type { Merchant } from "../types";
import { itemOffers, listedStore, MENU_ID, type ItemOffer } from "./stock";

// A 2.0 platform's menu snapshot (merchant.openapi.yaml, Catalog Sync): getMenuSnapshot,
// replaceMenuSnapshot (PUT, the PUSH_FULL model's primary path) and getMerchantStatus. The
// platform hosts the catalogue (docs/open-delivery-2.md): its categories, items and prices are its
// own, so a PUT snapshot is taken for what a Software Service decides — each offer's `status` and
// `quantityAvailable` — and an offer the snapshot leaves out is no longer sold (UNAVAILABLE), as
// "replaces its entire cached catalog" asks. An offer it names that the platform does not list is a
// 400: this platform creates no catalogue entity. Processing is synchronous: merchantStatus says
// COMPLETED at once, with when the last update (a PUT, or an item offer PATCH) was received —
// unless a test holds it PROCESSING, when a PUT is refused 409 as the document says it SHOULD.

/** The snapshot's TTL, seconds: the document's minimum. */
const SNAPSHOT_TTL = 500;

/** MenuSnapshot as the document requires it; its categories' offers read for availability only. */
export const menuSnapshotSchema = z.looseObject({
  id: z.string().min(1),
  merchantId: z.string().min(1),
  name: z.string(),
  lastUpdate: z.iso.datetime({ offset: true }),
  TTL: z.number().int().min(500).max(86_400),
  categories: z
    .array(
      z.looseObject({
        id: z.string(),
        itemOffers: z
          .array(
            z.looseObject({
              id: z.string().min(1),
              status: z.enum(["AVAILABLE", "UNAVAILABLE"]).optional(),
              quantityAvailable: z.number().int().min(0).max(1_000_000).nullable().optional(),
            }),
          )
          .max(5_000)
          .optional(),
      }),
    )
    .max(1_000),
});

/** getMenuSnapshot: the menu's categories, each with its item offers (no option groups sold here). */
export function menuSnapshot(merchant: Merchant, platformKey: string, nowMs: number) {
  const store = listedStore(merchant, platformKey);
  const offers = new Map(itemOffers(merchant, platformKey).map((offer) => [offer.id, offer]));
  const categories = (store?.categories ?? [])
    .filter((category) => !category.isPizzaModule)
    .map((category, index) => ({
      id: String(category.id),
      index,
      name: category.name,
      externalCode: String(category.id),
      status: "AVAILABLE" as const,
      itemOfferId: category.items.map((item) => String(item.id)),
      itemOffers: category.items.flatMap((item) => offers.get(String(item.id)) ?? []),
    }));
  return {
    id: MENU_ID,
    merchantId: merchant.merchantId,
    name: "Cardápio",
    status: "AVAILABLE" as const,
    lastUpdate: new Date(controlsOf(merchant).catalogueUpdate?.receivedAt ?? nowMs).toISOString(),
    TTL: SNAPSHOT_TTL,
    categories,
  };
}

/** replaceMenuSnapshot: every listed offer's availability as sent; one left out UNAVAILABLE. */
export function replaceMenuSnapshot(
  merchant: Merchant,
  platformKey: string,
  snapshot: z.infer<typeof menuSnapshotSchema>,
  nowMs: number,
): void {
  if (snapshot.merchantId !== merchant.merchantId)
    throw new SandboxError(400, `The snapshot is merchant ${snapshot.merchantId}'s, not ${merchant.merchantId}'s`);
  if (snapshot.id !== MENU_ID) throw new SandboxError(400, `The snapshot is menu ${snapshot.id}'s, not ${MENU_ID}'s`);
  // The document's SHOULD: a write while the previous update is still processing is a 409.
  if (controlsOf(merchant).catalogueProcessing)
    throw new SandboxError(409, "The previous catalogue update is still processing", { code: "CONFLICT" });
  const listed = new Set(itemOffers(merchant, platformKey).map((offer) => offer.id));
  const sent = new Map<string, Pick<ItemOffer, "status" | "quantityAvailable">>();
  for (const offer of snapshot.categories.flatMap((category) => category.itemOffers ?? [])) {
    if (!listed.has(offer.id))
      throw new SandboxError(400, `Item offer ${offer.id} is not in this platform's catalogue (it creates none)`);
    sent.set(offer.id, { status: offer.status ?? "AVAILABLE", quantityAvailable: offer.quantityAvailable ?? null });
  }
  const controls = controlsOf(merchant);
  const offers: NonNullable<typeof controls.offers> = {};
  for (const id of listed) offers[id] = sent.get(id) ?? { status: "UNAVAILABLE", quantityAvailable: null };
  controls.offers = offers;
  recordCatalogueUpdate(merchant, "SNAPSHOT", nowMs);
}

export function recordCatalogueUpdate(merchant: Merchant, entityType: "SNAPSHOT" | "ITEM_OFFER", nowMs: number) {
  controlsOf(merchant).catalogueUpdate = { receivedAt: new Date(nowMs).toISOString(), entityType };
}

/**
 * getMerchantStatus (MerchantStatus); null before any catalogue update was received (404).
 * PROCESSING while a test holds it so (PUT /control/merchants/{id}/catalogue-processing).
 */
export function merchantStatus(merchant: Merchant) {
  const { catalogueUpdate: last, catalogueProcessing } = controlsOf(merchant);
  if (!last) return null;
  if (catalogueProcessing)
    return { processingState: "PROCESSING" as const, lastReceivedAt: last.receivedAt, entityType: last.entityType };
  return {
    processingState: "COMPLETED" as const,
    lastReceivedAt: last.receivedAt,
    lastCompletedAt: last.receivedAt,
    entityType: last.entityType,
  };
}
