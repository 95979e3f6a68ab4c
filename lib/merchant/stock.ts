import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "@/lib/db";
import { rowsOf } from "@/lib/db/bulk";
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

/** One stock row's units taken on one channel under one item offer id (the channel's own). */
type Taken = { item_id: number; channel_id: string; offer: string; units: number };

/**
 * The units of each counted item's order lines since its count was set, summed by the database
 * per count, channel and item offer: a read carries a few rows, not every order's details since
 * the oldest count (a count set a week before at a busy store was thousands of orders' JSON on
 * every board's 10-second read). Lines that are not an object with a string `itemOfferId` and a
 * numeric `quantity` count for nothing, as a 1.x order's lines (no offer) do.
 */
async function takenSinceSet(db: Database, storeId: string): Promise<Taken[]> {
  const result = await db.execute(sql`
    select s.item_id, o.channel_id, line->>'itemOfferId' as offer, sum((line->>'quantity')::float8) as units
    from ${itemStock} s
    join ${orders} o on o.store_id = s.store_id and o.placed_at >= s.set_at
    cross join lateral jsonb_array_elements(
      case when jsonb_typeof(o.details->'items') = 'array' then o.details->'items' else '[]'::jsonb end
    ) as line
    where s.store_id = ${storeId}
      and jsonb_typeof(line->'itemOfferId') = 'string'
      and jsonb_typeof(line->'quantity') = 'number'
    group by s.item_id, o.channel_id, offer`);
  return rowsOf<Taken>(result).map((row) => ({ ...row, units: Number(row.units) }));
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
  const taken = await takenSinceSet(db, storeId);
  const toItem = new Map<string, (offerId: string) => number | undefined>();
  for (const channelId of new Set(taken.map((line) => line.channel_id))) {
    const pairs = await channelItemsOf(db, storeId, channelId);
    const byOffer = new Map([...(pairs ?? [])].map(([item, offer]) => [String(offer), item]));
    toItem.set(channelId, (offerId) =>
      pairs ? byOffer.get(offerId) : Number.isInteger(Number(offerId)) ? Number(offerId) : undefined,
    );
  }
  const takenByItem = new Map<number, number>();
  for (const line of taken)
    // A line counts for the count whose item its offer is paired with on its channel.
    if (toItem.get(line.channel_id)?.(line.offer) === line.item_id)
      takenByItem.set(line.item_id, (takenByItem.get(line.item_id) ?? 0) + line.units);
  return rows
    .map((row) => ({
      refId: row.itemId,
      name: refName(imported, { kind: "item", refId: row.itemId }) ?? String(row.itemId),
      quantity: row.quantity,
      left: Math.max(0, row.quantity - (takenByItem.get(row.itemId) ?? 0)),
      version: row.version,
      setBy: row.setBy,
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
}
