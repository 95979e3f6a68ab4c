import "server-only";
import { and, asc, count, desc, eq, gt, gte, inArray, lte, notInArray, or, sql } from "drizzle-orm";
import { MAX_BOARD_CARDS_PER_STORE } from "@/lib/orders/card-bounds";
import { FINISHED_WINDOW_MS } from "@/lib/orders/lanes";
import type { BoardColumn, BoardOrder, BoardSnapshot } from "@/lib/contract/board";
import { DEFAULT_TIME_ZONE } from "@/lib/i18n/config";
import { isTimeZone } from "@/lib/time/zones";
import type { Database } from "./client";
import { safeBoardSeq } from "./board-writes";
import { channelsOfRestaurants } from "./channel-directory";
import { expoSettings, kitchenStations, orders, stores } from "./schema";

/** Finished columns: the board keeps their recent orders only. */
const finishedColumns: BoardColumn[] = ["done", "cancelled"];

export async function getBoardSnapshot(
  db: Database,
  storeIds?: readonly string[],
  now: Date = new Date(),
): Promise<BoardSnapshot> {
  // The high-water mark is read first: a change committed between the two reads is then either
  // in the rows or replayed by the stream (whose client ignores what it already has). It is the
  // settled mark (safeBoardSeq), not the highest committed number: a lower number may still be
  // committing in another store's transaction, and the stream must replay it.
  const lastSeq = await safeBoardSeq(db);
  const onBoard = and(
    // Active orders, plus done/cancelled ones changed in the last two hours.
    or(
      notInArray(orders.boardColumn, finishedColumns),
      gte(orders.updatedAt, new Date(now.getTime() - FINISHED_WINDOW_MS)),
    ),
    storeFilter(storeIds),
  );
  // Each store's newest cards by when Comanda received them (the platform's dates may be anything),
  // at most MAX_BOARD_CARDS_PER_STORE; the rest are only counted, never read into memory.
  // Ranked by id only: the cards themselves are read for the kept rows, not sorted with all of them.
  const ranked = db
    .select({
      id: orders.id,
      rank: sql<number>`row_number() over (partition by ${orders.storeId} order by ${orders.createdAt} desc, ${orders.seq} desc)`.as(
        "rank",
      ),
    })
    .from(orders)
    .where(onBoard)
    .as("ranked");
  const rows = await db
    .select({ board: orders.board })
    .from(orders)
    .innerJoin(ranked, eq(ranked.id, orders.id))
    .where(lte(ranked.rank, MAX_BOARD_CARDS_PER_STORE))
    .orderBy(asc(orders.placedAt));
  const totals = await db
    .select({ storeId: orders.storeId, cards: count() })
    .from(orders)
    .where(onBoard)
    .groupBy(orders.storeId);
  const overflow = totals
    .filter((store) => Number(store.cards) > MAX_BOARD_CARDS_PER_STORE)
    .map((store) => ({ storeId: store.storeId, omitted: Number(store.cards) - MAX_BOARD_CARDS_PER_STORE }));
  const storeRows = await db
    .select({
      id: stores.id,
      name: stores.name,
      preparationMinutes: stores.defaultPreparationMinutes,
      reportPreparing: stores.reportPreparing,
      timeZone: stores.timeZone,
    })
    .from(stores)
    .where(storeIds ? inArray(stores.id, [...storeIds]) : undefined)
    .orderBy(asc(stores.name));
  const kitchen = await kitchenOfStores(db, storeIds);
  const channelsOf = await channelsOfStores(db, storeIds);
  return {
    orders: rows.map((row) => row.board),
    // The same fallback as lib/stores/time-zones.ts (which imports this layer, so not used here).
    stores: storeRows.map((store) => ({
      ...store,
      timeZone: store.timeZone && isTimeZone(store.timeZone) ? store.timeZone : DEFAULT_TIME_ZONE,
      ...kitchen.get(store.id),
      channels: channelsOf.get(store.id) ?? [],
    })),
    lastSeq,
    ...(overflow.length > 0 && { overflow }),
  };
}

/** Each restaurant's enabled platform channels with their labels and platforms, as the stream's status names them. */
async function channelsOfStores(db: Database, storeIds: readonly string[] | undefined) {
  const byStore = new Map<string, { id: string; label: string; color: string; platform: string | null }[]>();
  for (const { restaurantId, id, label, color, platform } of await channelsOfRestaurants(db, storeIds, {
    enabledOnly: true,
    // As the stream's status names them (lib/stores/poll-state.ts): the first frame's chips are
    // the status's. Own channels' chips (issue 30) are the order form's to add.
    platformOnly: true,
  }))
    byStore.set(restaurantId, [...(byStore.get(restaurantId) ?? []), { id, label, color, platform }]);
  return byStore;
}

/** Each store's stations and expo rule, for the tablets' station and expo views; stores without stations have none. */
async function kitchenOfStores(
  db: Database,
  storeIds: readonly string[] | undefined,
): Promise<Map<string, { stations: { id: number; name: string }[]; expoSkipTypes: string[] }>> {
  const stations = await db
    .select({ storeId: kitchenStations.storeId, id: kitchenStations.id, name: kitchenStations.name })
    .from(kitchenStations)
    .where(storeIds ? inArray(kitchenStations.storeId, [...storeIds]) : undefined)
    .orderBy(asc(kitchenStations.position), asc(kitchenStations.id));
  if (stations.length === 0) return new Map();
  const skips = await db
    .select()
    .from(expoSettings)
    .where(
      inArray(
        expoSettings.storeId,
        stations.map((station) => station.storeId),
      ),
    );
  const result = new Map<string, { stations: { id: number; name: string }[]; expoSkipTypes: string[] }>();
  for (const { storeId, id, name } of stations) {
    const entry = result.get(storeId) ?? {
      stations: [],
      expoSkipTypes: skips.find((skip) => skip.storeId === storeId)?.skipTypes ?? [],
    };
    entry.stations.push({ id, name });
    result.set(storeId, entry);
  }
  return result;
}

/**
 * Changes a stream replays at most. A client further behind than this (a tablet offline while a
 * platform flooded the store) is told to reload the bounded snapshot instead of receiving every
 * card changed since: the replay is read into memory, and must stay small.
 */
export const MAX_REPLAY_CHANGES = 500;

/**
 * Current cards of every order changed after `seq` and up to the settled mark, in change order
 * (stream replay); at most `limit`, the newest, with `complete` false when older ones were left
 * out. `through` is the settled mark the changes stop at: the next read starts after it.
 */
export async function getChangesAfter(
  db: Database,
  seq: number,
  storeIds?: readonly string[],
  limit = MAX_REPLAY_CHANGES,
): Promise<{ changes: BoardOrder[]; complete: boolean; through: number }> {
  const through = await safeBoardSeq(db);
  const rows = await db
    .select({ board: orders.board })
    .from(orders)
    .where(and(gt(orders.seq, seq), lte(orders.seq, through), storeFilter(storeIds)))
    .orderBy(desc(orders.seq))
    .limit(limit + 1);
  return {
    changes: rows
      .slice(0, limit)
      .reverse()
      .map((row) => row.board),
    complete: rows.length <= limit,
    through,
  };
}

function storeFilter(storeIds: readonly string[] | undefined) {
  return storeIds ? inArray(orders.storeId, [...storeIds]) : undefined;
}
