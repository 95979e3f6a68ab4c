import "server-only";
import { and, asc, eq } from "drizzle-orm";
import type { Database } from "@/lib/db";
import { channels, merchantUpdates } from "@/lib/db/schema";
import type { ItemOfferChange, ItemOfferPatch } from "@/lib/platform/v2/catalogue";
import { channelItemsOf } from "./menu-pairs";

// What Comanda changes of its catalogue on a 2.0 platform — a restaurant item sold out or back
// (`status`), its count (`quantityAvailable`) — queued per platform channel in the merchant outbox
// (./outbox.ts) as the channel's own item offer: the channel's paired catalogue item, or the
// restaurant's id when the channel has no catalogue on record. A channel that does not list the
// item is sent nothing. The outbox sends each by the platform's catalogue sync model (PATCH, or a
// whole snapshot) and closes it unsent on 1.x (docs/open-delivery-2.md).

/** The outbox body of an item-offer update; never sent to a 1.x platform. */
export type ItemOfferUpdate = { itemOfferUpdate: ItemOfferChange };

export const isItemOfferUpdate = (body: unknown): body is ItemOfferUpdate =>
  typeof body === "object" && body !== null && "itemOfferUpdate" in body;

/** A channel's offer id of a restaurant item (undefined: the channel does not list it). */
export const offerOn = (pairs: Map<number, number | string> | undefined, itemId: number): string | undefined => {
  // No catalogue on record: the channel serves the restaurant's menu under its ids.
  const offer = pairs ? pairs.get(itemId) : itemId;
  return offer === undefined ? undefined : String(offer);
};

/** Queues each item's patch for every enabled platform channel of the restaurant that lists it. */
export async function queueItemOfferPatches(
  db: Database,
  storeId: string,
  patches: ReadonlyMap<number, ItemOfferPatch>,
  now: Date,
  only?: string,
): Promise<void> {
  if (patches.size === 0) return;
  const rows = await db
    .select({ id: channels.id })
    .from(channels)
    .where(and(eq(channels.restaurantId, storeId), eq(channels.kind, "platform"), eq(channels.enabled, true)))
    .orderBy(asc(channels.id));
  for (const { id } of rows) {
    if (only !== undefined && id !== only) continue;
    const pairs = await channelItemsOf(db, storeId, id);
    for (const [itemId, patch] of patches) {
      const itemOfferId = offerOn(pairs, itemId);
      if (itemOfferId === undefined) continue;
      const body: ItemOfferUpdate = { itemOfferUpdate: { itemOfferId, patch } };
      await db.insert(merchantUpdates).values({ storeId, channelId: id, body, nextAttemptAt: now, createdAt: now });
    }
  }
}
