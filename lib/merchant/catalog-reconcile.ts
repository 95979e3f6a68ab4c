import "server-only";
import type { Database } from "@/lib/db";
import { log } from "@/lib/log";
import { processSingleton } from "@/lib/process/singleton";
import type { CatalogSyncModel } from "@/lib/platform/discovery/manifest";
import type { CatalogueV2Client, ItemOfferPatch, PlatformItemOffer } from "@/lib/platform/v2/catalogue";
import { pendingUpdates, menuState, readControls } from "./controls";
import type { ImportedMenu } from "./document-ids";
import { offerOn, queueItemOfferPatches } from "./item-offer-updates";
import { channelItemsOf } from "./menu-pairs";
import { stockOf } from "./stock";

// The catalogue's snapshot reconcile (merchant.openapi.yaml, Catalog Sync: "Reconciliation —
// detect drift"; migration-v1-v2.en.md "add snapshot-based reconciliation when drift is
// detected"). For a 2.0 channel whose platform declares a push model, the platform's item offers
// are read (listItemOffers) and compared with what Comanda means them to be; an offer that drifted
// is sent again through the outbox, by the platform's model, and the drift is logged. Run on a
// connection's first tick and every CATALOG_RECONCILE_SECONDS after (./worker.ts).
//
// What Comanda means, per offer of a restaurant item the channel lists:
// - status: UNAVAILABLE while the item is sold out. An offer the platform holds UNAVAILABLE with no
//   sold-out mark is left alone: Comanda cannot tell the platform's own choice (its operator, its
//   catalogue) from a lost "back on sale", and must not put on sale what the platform took off.
// - quantityAvailable: with a count set, at most what is left for the restaurant — a platform
//   count above it (or none) drifted; one below is the platform ahead of Comanda (orders not
//   ingested yet), not drift. Without a count, none (null).

/** What the reconcile needs of a channel's client (InterchangeClient). */
export interface CatalogueReader {
  readonly speaksV2: boolean;
  readonly catalogSyncModel: CatalogSyncModel | null;
  readonly catalogue: Pick<CatalogueV2Client, "listItemOffers">;
}

export type CatalogueDrift = {
  itemId: number;
  itemOfferId: string;
  platform: Pick<PlatformItemOffer, "status" | "quantityAvailable">;
  patch: ItemOfferPatch;
};

export type ReconcileOutcome =
  | { checked: false; why: "notV2" | "pull" | "pending" | "noMenu" }
  | { checked: true; offers: number; drift: CatalogueDrift[] };

/** Compares one channel's offers on its platform with Comanda's intent; queues what drifted. */
export async function reconcileCatalogue(
  db: Database,
  storeId: string,
  channelId: string,
  client: CatalogueReader,
  now: Date,
): Promise<ReconcileOutcome> {
  if (!client.speaksV2) return { checked: false, why: "notV2" };
  // PULL: the platform reads the catalogue; Comanda pushes nothing, so it corrects nothing either.
  if (client.catalogSyncModel === "PULL") return { checked: false, why: "pull" };
  // What is still queued has not reached the platform: comparing now would call it drift.
  if ((await pendingUpdates(db, channelId)).length > 0) return { checked: false, why: "pending" };
  const { menu } = await readControls(db, storeId);
  const imported = (menu as ImportedMenu | null) ?? null;
  if (!imported) return { checked: false, why: "noMenu" };
  // The channel id is the platform's merchant id (as the outbox sends it).
  const offers = new Map((await client.catalogue.listItemOffers(channelId)).map((offer) => [offer.id, offer]));
  const [state, stock, pairs] = await Promise.all([
    menuState(db, storeId),
    stockOf(db, storeId),
    channelItemsOf(db, storeId, channelId),
  ]);
  const left = new Map(stock.map((count) => [count.refId, count.left]));
  const drift: CatalogueDrift[] = [];
  for (const category of imported.menu.categories) {
    if (category.isPizzaModule) continue;
    for (const item of category.items) {
      const itemOfferId = offerOn(pairs, item.id);
      const offer = itemOfferId === undefined ? undefined : offers.get(itemOfferId);
      if (!offer || itemOfferId === undefined) continue;
      const patch = driftOf(offer, state.soldOutItems.has(item.id), left.get(item.id));
      if (patch) drift.push({ itemId: item.id, itemOfferId, platform: offer, patch });
    }
  }
  if (drift.length > 0) {
    await queueItemOfferPatches(db, storeId, new Map(drift.map((d) => [d.itemId, d.patch])), now, channelId);
    log.warn(
      {
        storeId,
        channelId,
        drift: drift.map(({ itemOfferId, platform, patch }) => ({ itemOfferId, platform, patch })),
      },
      "catalogue drift on the platform: sent again",
    );
  }
  return { checked: true, offers: offers.size, drift };
}

/** The patch that puts an offer back where Comanda means it (pure); null when it has not drifted. */
export function driftOf(
  offer: Pick<PlatformItemOffer, "status" | "quantityAvailable">,
  soldOut: boolean,
  left: number | undefined,
): ItemOfferPatch | null {
  const patch: ItemOfferPatch = {};
  if (soldOut && offer.status !== "UNAVAILABLE") patch.status = "UNAVAILABLE";
  if (left === undefined) {
    if (offer.quantityAvailable !== null) patch.quantityAvailable = null;
  } else if (offer.quantityAvailable === null || offer.quantityAvailable > left) patch.quantityAvailable = left;
  return Object.keys(patch).length > 0 ? patch : null;
}

/** When each channel's catalogue was last compared in this process. */
const lastRun = () => processSingleton("catalogueReconciles", () => new Map<string, number>());

/** Whether the channel's catalogue is due a compare: never compared in this process, or `everyMs` ago. */
export function catalogueReconcileDue(channelId: string, now: Date, everyMs: number): boolean {
  const last = lastRun().get(channelId);
  if (last !== undefined && now.getTime() - last < everyMs) return false;
  lastRun().set(channelId, now.getTime());
  return true;
}
