import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import type { BoardOrder } from "@/lib/contract/board";
import { AppError } from "@/lib/errors";
import { hasFired } from "@/lib/orders/fire-time";
import { inRestaurantCodes, orderFireOffsets, stationLines } from "@/lib/orders/station-progress";
import type { Database, DatabaseTransaction } from "./client";
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
  /**
   * The bump's own time: every mark it makes carries it (`marked_at`), so its recall removes those
   * marks and no other (a cook's tap before or after has its own time). Now when not given.
   */
  at?: Date;
}

export interface StationRecall {
  storeId: string;
  orderId: string;
  stationId: number;
  /** The recalled bump's time (its answer's `bumpedAt`). */
  at: Date;
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
    const { order, stations, lines: every } = await stationOrder(tx, bump);
    if (!BUMPABLE.has(order.column))
      throw new AppError("action_not_allowed", "This order is no longer being made: the bump was not applied.");
    // Held lines wait while the order is in preparation from a known start (its stage's start).
    const start = order.column === "preparing" ? Date.parse(order.board?.stageSince ?? "") : NaN;
    const offsets = orderFireOffsets(every, stations);
    const now = (bump.now ?? new Date()).getTime();
    // One time for all the bump's marks: its recall finds them by it.
    const at = bump.at ?? new Date();
    const lines = stationLines(every, stations.route, bump.stationId).filter(
      (line) => !Number.isFinite(start) || hasFired(start, offsets[line]!, now, FIRE_GRACE_MS),
    );
    if (lines.length > 0)
      await tx
        .insert(itemMarks)
        .values(
          lines.map((line) => ({
            storeId: bump.storeId,
            orderId: bump.orderId,
            line,
            markedBy: bump.actor,
            markedAt: at,
          })),
        )
        .onConflictDoNothing({ target: [itemMarks.storeId, itemMarks.orderId, itemMarks.line] });
    return reprojectOrder(tx, { id: bump.orderId, storeId: bump.storeId });
  });
}

/**
 * Takes back a station's bump (issue 27 point 4, docs/kitchen.md "Bump and recall"): removes the
 * marks that bump made — this station's lines marked at the bump's time — and no other: a line a
 * cook tapped before the bump kept its own mark (the bump did not overwrite it), one tapped after
 * has a later time, another station's lines are not this station's. Idempotent: a second recall
 * finds nothing to remove. Refused, with the card, once the order has left the kitchen (the bump
 * made it Ready by skipping expo: the board's own recall takes that back first).
 */
export function recallStationBump(db: Database, recall: StationRecall): Promise<BoardOrder> {
  return writeBoard(db, async (tx) => {
    const { order, stations, lines: every } = await stationOrder(tx, recall);
    if (!BUMPABLE.has(order.column))
      throw new AppError(
        "action_not_allowed",
        "This order has left the kitchen: the station's bump was not taken back.",
        undefined,
        { order: order.board, reason: "stationRecallLeftKitchen" },
      );
    const lines = stationLines(every, stations.route, recall.stationId);
    if (lines.length > 0)
      await tx
        .delete(itemMarks)
        .where(
          and(
            eq(itemMarks.storeId, recall.storeId),
            eq(itemMarks.orderId, recall.orderId),
            inArray(itemMarks.line, lines),
            eq(itemMarks.markedAt, recall.at),
          ),
        );
    return reprojectOrder(tx, { id: recall.orderId, storeId: recall.storeId });
  });
}

/** The order (this store's) and the store's stations, which must hold the station named. */
async function stationOrder(
  tx: DatabaseTransaction,
  { storeId, orderId, stationId }: { storeId: string; orderId: string; stationId: number },
) {
  const [order] = await tx
    .select({ summary: orders.summary, channelId: orders.channelId, column: orders.boardColumn, board: orders.board })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.storeId, storeId)));
  if (!order) throw new AppError("not_found", "This order is not on the board.");
  const stations = (await stationsOfStores(tx, [storeId])).get(storeId);
  if (!stations?.list.some((station) => station.id === stationId))
    throw new AppError("not_found", "This store has no such station.");
  // The order's lines as the stations route them: in the restaurant's item codes.
  return { order, stations, lines: inRestaurantCodes(order.summary?.lines ?? [], stations, order.channelId) };
}

/** The order types whose single-station orders skip expo at this store (none when unset). */
export async function expoSkipTypes(db: Database, storeId: string): Promise<string[]> {
  const [row] = await db
    .select({ skipTypes: expoSettings.skipTypes })
    .from(expoSettings)
    .where(eq(expoSettings.storeId, storeId));
  return row?.skipTypes ?? [];
}
