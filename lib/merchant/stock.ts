import "server-only";
import { and, eq, gte } from "drizzle-orm";
import type { Database } from "@/lib/db";
import { itemStock, orders } from "@/lib/db/schema";
import type { MerchantState } from "@/lib/contract/merchant-state";
import { AppError } from "@/lib/errors";
import { readControls } from "./controls";
import type { ImportedMenu } from "./document-ids";
import { queueItemOfferPatches } from "./item-offer-updates";
import { channelItemsOf } from "./menu-pairs";
import { refName } from "./menu-refs";

// "Só restam N" (issue 29, docs/open-delivery-2.md "Só restam N"): a cook says how many of a menu
// item are left. The count is sent to every platform channel as an item-offer update queued in the
// merchant outbox (./item-offer-updates.ts, ./outbox.ts): a 2.0 platform is PATCHed `quantityAvailable` on its own offer
// (the channel's paired item) and stops selling at zero itself; a 1.x platform has no such field
// and is sent nothing (the outbox closes it unsent). What is left, as the board shows it, is
// counted here from the orders taken since the count was set — the same orders the platform
// counted down — so it needs no read of the platform and goes down as each order is ingested.

/**
 * Sets (a number) or lifts (null) the count of a restaurant item. `version` is the one the cook
 * saw (0: none set): a change made since — another tablet's — wins, this one is refused (409)
 * saying what the count is now. Queues the new count for every platform channel.
 */
export async function setStock(
  db: Database,
  storeId: string,
  input: { itemId: number; quantity: number | null; version: number },
  actor: string,
  now: Date,
): Promise<void> {
  const { menu } = await readControls(db, storeId);
  if (!refName((menu as ImportedMenu | null) ?? null, { kind: "item", refId: input.itemId }))
    throw new AppError("bad_request", `No item ${input.itemId} on this store's imported menu.`);
  const same = and(eq(itemStock.storeId, storeId), eq(itemStock.itemId, input.itemId));
  const applied = await db.transaction(async (tx) => {
    let changed: unknown[];
    if (input.quantity === null) {
      changed = await tx
        .delete(itemStock)
        .where(and(same, eq(itemStock.version, input.version)))
        .returning();
    } else if (input.version === 0) {
      changed = await tx
        .insert(itemStock)
        .values({ storeId, itemId: input.itemId, quantity: input.quantity, setAt: now, setBy: actor })
        .onConflictDoNothing()
        .returning();
    } else {
      changed = await tx
        .update(itemStock)
        .set({ quantity: input.quantity, setAt: now, setBy: actor, version: input.version + 1 })
        .where(and(same, eq(itemStock.version, input.version)))
        .returning();
    }
    if (changed.length === 0) return false;
    const patch = new Map([[input.itemId, { quantityAvailable: input.quantity }]]);
    await queueItemOfferPatches(tx as unknown as Database, storeId, patch, now);
    return true;
  });
  if (!applied) {
    const [row] = await db.select().from(itemStock).where(same);
    throw new AppError(
      "action_not_allowed",
      row
        ? `Someone else set this count a moment ago (${row.quantity}). Look at it and set it again.`
        : "Someone else lifted this count a moment ago. Look at it and set it again.",
    );
  }
}

type Line = { quantity?: unknown; itemOfferId?: unknown };

/** The units of each restaurant item in an order's lines, by the channel's pairs. */
function unitsOf(details: unknown, toItem: (offerId: string) => number | undefined, into: Map<number, number>) {
  const items = (details as { items?: unknown } | null)?.items;
  if (!Array.isArray(items)) return;
  for (const line of items as Line[]) {
    if (typeof line?.itemOfferId !== "string" || typeof line.quantity !== "number") continue;
    const itemId = toItem(line.itemOfferId);
    if (itemId !== undefined) into.set(itemId, (into.get(itemId) ?? 0) + line.quantity);
  }
}

/**
 * The restaurant's counts with what is left: the count set less the units of its orders placed
 * since (cancelled ones too: a platform does not give a count back). Lines are tied to the item by
 * the 2.0 `itemOfferId` through the channel's pairs; a 1.x order names no offer and is not counted.
 */
export async function stockOf(db: Database, storeId: string): Promise<NonNullable<MerchantState["stock"]>> {
  const rows = await db.select().from(itemStock).where(eq(itemStock.storeId, storeId));
  if (rows.length === 0) return [];
  const { menu } = await readControls(db, storeId);
  const imported = (menu as ImportedMenu | null) ?? null;
  const since = new Date(Math.min(...rows.map((row) => row.setAt.getTime())));
  const placed = await db
    .select({ channelId: orders.channelId, details: orders.details, placedAt: orders.placedAt })
    .from(orders)
    .where(and(eq(orders.storeId, storeId), gte(orders.placedAt, since)));
  const channelIds = [...new Set(placed.map((order) => order.channelId))];
  const toItem = new Map<string, (offerId: string) => number | undefined>();
  for (const channelId of channelIds) {
    const pairs = await channelItemsOf(db, storeId, channelId);
    const byOffer = new Map([...(pairs ?? [])].map(([item, offer]) => [String(offer), item]));
    toItem.set(channelId, (offerId) =>
      pairs ? byOffer.get(offerId) : Number.isInteger(Number(offerId)) ? Number(offerId) : undefined,
    );
  }
  // Each order's units read once; each count takes the orders placed since it was set.
  const unitsByOrder = placed.map((order) => {
    const units = new Map<number, number>();
    unitsOf(order.details, toItem.get(order.channelId) ?? (() => undefined), units);
    return { placedAt: order.placedAt, units };
  });
  return rows
    .map((row) => {
      let taken = 0;
      for (const order of unitsByOrder) if (order.placedAt >= row.setAt) taken += order.units.get(row.itemId) ?? 0;
      const left = Math.max(0, row.quantity - taken);
      return {
        refId: row.itemId,
        name: refName(imported, { kind: "item", refId: row.itemId }) ?? String(row.itemId),
        quantity: row.quantity,
        left,
        version: row.version,
        setBy: row.setBy,
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}
