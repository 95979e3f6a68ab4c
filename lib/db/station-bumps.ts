import "server-only";
import { and, eq } from "drizzle-orm";
import type { BoardOrder } from "@/lib/contract/board";
import { AppError } from "@/lib/errors";
import { hasFired } from "@/lib/orders/fire-time";
import { orderFireOffsets, stationLines } from "@/lib/orders/station-progress";
import type { Database } from "./client";
import { writeBoard } from "./board-writes";
import { reprojectOrder } from "./order-writes";
import { stationsOfStores } from "./station-reads";
import { expoSettings, itemMarks, orders } from "./schema";

export interface StationBump {
  storeId: string;
  orderId: string;
  stationId: number;
  /** Who bumped: the cook's or the user's name. */
  actor: string;
  /** The server's clock: which held lines have fired (hold and fire). */
  now?: Date;
}

/** A tablet whose clock runs ahead by up to this shows a line fired that the server still holds. */
const FIRE_GRACE_MS = 60_000;

/** The columns in which a station's part can still be bumped: the order is being made. */
const BUMPABLE = new Set(["new", "preparing"]);

/**
 * A station bumps its part of an order: every line routed to it is marked done (item marks, one
 * home for "done"), those past the card's line limit too. A line already done keeps its first
 * mark: two tablets bumping at once make one bump. Lines still held (hold and fire: not yet at
 * their fire time) are not marked: the cook has not started them; a cook who made one anyway taps
 * it done. A bump that arrives after the order left
 * the kitchen (a tablet back from offline) is refused with a sentence, never half applied.
 */
export function bumpStation(db: Database, bump: StationBump): Promise<BoardOrder> {
  return writeBoard(db, async (tx) => {
    const [order] = await tx
      .select({ summary: orders.summary, column: orders.boardColumn, board: orders.board })
      .from(orders)
      .where(and(eq(orders.id, bump.orderId), eq(orders.storeId, bump.storeId)));
    if (!order) throw new AppError("not_found", "This order is not on the board.");
    const stations = (await stationsOfStores(tx, [bump.storeId])).get(bump.storeId);
    if (!stations?.list.some((station) => station.id === bump.stationId))
      throw new AppError("not_found", "This store has no such station.");
    if (!BUMPABLE.has(order.column))
      throw new AppError("action_not_allowed", "This order is no longer being made: the bump was not applied.");
    const every = order.summary?.lines ?? [];
    // Held lines wait while the order is in preparation from a known start (its stage's start).
    const start = order.column === "preparing" ? Date.parse(order.board?.stageSince ?? "") : NaN;
    const offsets = orderFireOffsets(every, stations);
    const now = (bump.now ?? new Date()).getTime();
    const lines = stationLines(every, stations.route, bump.stationId).filter(
      (line) => !Number.isFinite(start) || hasFired(start, offsets[line]!, now, FIRE_GRACE_MS),
    );
    if (lines.length > 0)
      await tx
        .insert(itemMarks)
        .values(lines.map((line) => ({ storeId: bump.storeId, orderId: bump.orderId, line, markedBy: bump.actor })))
        .onConflictDoNothing({ target: [itemMarks.storeId, itemMarks.orderId, itemMarks.line] });
    return reprojectOrder(tx, { id: bump.orderId, storeId: bump.storeId });
  });
}

/** The order types whose single-station orders skip expo at this store (none when unset). */
export async function expoSkipTypes(db: Database, storeId: string): Promise<string[]> {
  const [row] = await db
    .select({ skipTypes: expoSettings.skipTypes })
    .from(expoSettings)
    .where(eq(expoSettings.storeId, storeId));
  return row?.skipTypes ?? [];
}
