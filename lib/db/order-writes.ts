import "server-only";
import { and, eq, getTableName, sql } from "drizzle-orm";
import { projectOrder } from "@/lib/orders/projection";
import { COURIER_EVENTS } from "@/lib/orders/courier-fact";
import type { OrderSummary } from "@/lib/orders/types";
import type { BoardOrder } from "@/lib/contract/board";
import { bulkInsert, columnName, isAnyOf, rowsOf, takeExcluded, type BulkRow } from "./bulk";
import type { DatabaseTransaction } from "./client";
import { boardSeqsColumn, enterBoardSeqGate, lockStoresForBoard, takenSeqs } from "./board-writes";
import { kitchenStationsJson, stationsOfStores, type KitchenStationRow } from "./station-reads";
import { channels, itemMarks, orderActions, orders, platformEvents, stores } from "./schema";

/** The platform's usual allowance when a store has none configured. */
const DEFAULT_CONFIRM_DEADLINE_MINUTES = 8;

/**
 * An order whose card is recomputed from what is stored about it, details included. Its channel
 * is the stored one; a new order (first stored by this write) names it.
 */
export interface OrderRef {
  id: string;
  storeId: string;
  channelId?: string;
}

/** An order with newly read platform details (raw), our summary of them, or why they are unreadable. */
export interface OrderRecord extends OrderRef {
  channelId: string;
  summary: OrderSummary | null;
  details: unknown;
  detailsError: string | null;
}

/** Recomputes one order's card; see reprojectOrders. */
export async function reprojectOrder(tx: DatabaseTransaction, order: OrderRecord | OrderRef): Promise<BoardOrder> {
  const [board] = await reprojectOrders(tx, [order]);
  if (!board) throw new Error(`Order ${order.id} is not one of store ${order.storeId}'s orders.`);
  return board;
}

/**
 * Recomputes orders' cards from everything stored about them and saves each with a new sequence
 * number, in a fixed number of queries whatever the count (a poll can bring hundreds of
 * orders). An OrderRecord also replaces the order's details; an OrderRef keeps the stored ones
 * (read here, inside the transaction, so a concurrent heal is not undone with a stale copy), and
 * they are not written again. Call inside writeBoard.
 */
export async function reprojectOrders(
  tx: DatabaseTransaction,
  records: ReadonlyArray<OrderRecord | OrderRef>,
): Promise<BoardOrder[]> {
  if (records.length === 0) return [];
  const ids = records.map((record) => record.id);
  const kept = records.filter((record) => !("details" in record)).map((record) => record.id);
  const storeIds = [...new Set(records.map((record) => record.storeId))];
  // Before reading: the store's earlier writes have committed, and its later ones wait for this.
  await lockStoresForBoard(tx, storeIds);
  // The cards' sequence numbers are taken by the same statement that reads what they project.
  await enterBoardSeqGate(tx);
  const { events, succeededActions, marks, storeSettings, storedSummaries, channelDeadlines, kitchenStations, seqs } =
    await readProjectionInputs(tx, ids, kept, storeIds, records.length);
  const stations = await stationsOfStores(tx, storeIds, kitchenStations);

  const eventsByOrder = groupBy(events, orderKey);
  const actionsByOrder = groupBy(succeededActions, orderKey);
  const marksByOrder = groupBy(marks, orderKey);
  const summaries = new Map(storedSummaries.map((row) => [orderKey(row), row.summary]));
  const storedChannels = new Map(storedSummaries.map((row) => [orderKey(row), row.channelId]));
  const now = new Date().toISOString();
  const replaced: OrderRow[] = [];
  const unchanged: OrderRow[] = [];
  const boards = records.map((record, index) => {
    const key = orderKey({ storeId: record.storeId, orderId: record.id });
    const summary = "details" in record ? record.summary : (summaries.get(key) ?? null);
    const store = storeSettings.find((row) => row.id === record.storeId);
    // An order stored before keeps its channel; one never stored (its first events) is its
    // restaurant's when no channel is named (only a test writes such a ref).
    const channelId = storedChannels.get(key) ?? record.channelId ?? record.storeId;
    const board = projectOrder({
      orderId: record.id,
      storeId: record.storeId,
      channelId,
      summary,
      events: eventsByOrder.get(key) ?? [],
      succeededActions: actionsByOrder.get(key) ?? [],
      // The platform's deadline: its channel's, else the restaurant's.
      confirmDeadlineMinutes: channelDeadlines.get(channelId) ?? store?.minutes ?? DEFAULT_CONFIRM_DEADLINE_MINUTES,
      defaultPreparationMinutes: store?.preparationMinutes,
      reportPreparing: store?.reportPreparing,
      doneLines: marksByOrder.get(key)?.map((mark) => mark.line),
      stations: stations.get(record.storeId),
      seq: seqs[index]!,
    });
    const row = {
      id: record.id,
      storeId: record.storeId,
      channelId,
      summary,
      board,
      boardColumn: board.column,
      seq: board.seq,
      placedAt: board.placedAt,
      updatedAt: now,
    };
    if ("details" in record) replaced.push({ ...row, details: record.details, detailsError: record.detailsError });
    else unchanged.push(row);
    return board;
  });
  const written = new Set<string>();
  if (replaced.length > 0) await upsertOrders(tx, replaced, [...CARD_KEYS, ...DETAILS_KEYS], written);
  if (unchanged.length > 0) await upsertOrders(tx, unchanged, CARD_KEYS, written);
  // An id that is another store's order was not written, and its card is not announced.
  return boards.filter((board) => written.has(board.id));
}

/**
 * Everything a card is computed from besides its details, in one statement (each read a JSON
 * column): the orders' events, succeeded actions and done lines, the kept orders' stored
 * summaries, the stores' and their channels' settings, and the stores' kitchen stations (the rest
 * of a store's station setup is read only where it has stations); and `seqCount` board sequence
 * numbers for the cards. One statement, not eight: on PGlite each is six protocol exchanges, and
 * this is on every pushed order's way to the board and every action's (issue 31). An order's rows
 * are read from its own store's only.
 */
async function readProjectionInputs(
  tx: DatabaseTransaction,
  ids: readonly string[],
  kept: readonly string[],
  storeIds: readonly string[],
  seqCount: number,
) {
  const [row] = rowsOf<{
    // Timestamps come as json_build_object writes them: ISO 8601 text.
    events: Array<{
      storeId: string;
      orderId: string;
      eventType: string;
      at: string;
      occurredAt: string;
      metadata: unknown;
    }>;
    actions: Array<{
      storeId: string;
      orderId: string;
      action: string;
      at: string;
      body: unknown;
      actor: string | null;
    }>;
    marks: Array<{ storeId: string; orderId: string; line: number }>;
    stores: Array<{ id: string; minutes: number; preparationMinutes: number; reportPreparing: boolean }>;
    summaries: Array<{ storeId: string; id: string; channelId: string; summary: OrderSummary | null }>;
    channels: Array<{ id: string; minutes: number }>;
    stations: KitchenStationRow[];
    seqs: Array<number | string>;
  }>(
    await tx.execute(sql`select
      (select coalesce(json_agg(json_build_object(
          'storeId', ${platformEvents.storeId}, 'orderId', ${platformEvents.orderId},
          'eventType', ${platformEvents.eventType}, 'at', ${platformEvents.receivedAt},
          'occurredAt', ${platformEvents.occurredAt},
          -- Only a cancellation's or its request's metadata (who, why), and a 2.0 courier fact's
          -- courier name (the card says who is coming): the rest of the payload stays put.
          'metadata', case
            when ${platformEvents.eventType} in ('ORDER_CANCELLATION_REQUEST', 'CANCELLED') then ${platformEvents.payload} -> 'metadata'
            when ${isAnyOf(platformEvents.eventType, COURIER_EVENTS)} then jsonb_build_object('deliveryPerson',
              jsonb_build_object('name', left(${platformEvents.payload} #>> '{metadata,deliveryPerson,name}', 200)))
            end)), '[]')
        from ${platformEvents}
        where ${and(isAnyOf(platformEvents.orderId, ids), isAnyOf(platformEvents.storeId, storeIds))}) as events,
      -- What was sent (the promise the card's timer counts against) and who (an auto-accepted
      -- confirm, "auto", is marked on the card).
      (select coalesce(json_agg(json_build_object(
          'storeId', ${orderActions.storeId}, 'orderId', ${orderActions.orderId}, 'action', ${orderActions.action},
          'at', ${orderActions.completedAt}, 'body', ${orderActions.requestBody}, 'actor', ${orderActions.actor})), '[]')
        from ${orderActions}
        where ${and(
          isAnyOf(orderActions.orderId, ids),
          isAnyOf(orderActions.storeId, storeIds),
          eq(orderActions.outcome, "succeeded"),
        )}) as actions,
      (select coalesce(json_agg(json_build_object(
          'storeId', ${itemMarks.storeId}, 'orderId', ${itemMarks.orderId}, 'line', ${itemMarks.line})), '[]')
        from ${itemMarks}
        where ${and(isAnyOf(itemMarks.orderId, ids), isAnyOf(itemMarks.storeId, storeIds))}) as marks,
      (select coalesce(json_agg(json_build_object(
          'id', ${stores.id}, 'minutes', ${stores.confirmDeadlineMinutes},
          'preparationMinutes', ${stores.defaultPreparationMinutes}, 'reportPreparing', ${stores.reportPreparing})), '[]')
        from ${stores}
        where ${isAnyOf(stores.id, storeIds)}) as stores,
      (select coalesce(json_agg(json_build_object(
          'storeId', ${orders.storeId}, 'id', ${orders.id}, 'channelId', ${orders.channelId}, 'summary', ${orders.summary})), '[]')
        from ${orders}
        where ${and(isAnyOf(orders.id, kept), isAnyOf(orders.storeId, storeIds))}) as summaries,
      -- The restaurants' channels that have a confirm deadline of their own (their platform's).
      (select coalesce(json_agg(json_build_object('id', ${channels.id}, 'minutes', ${channels.confirmDeadlineMinutes})), '[]')
        from ${channels}
        where ${and(isAnyOf(channels.restaurantId, storeIds), sql`${channels.confirmDeadlineMinutes} is not null`)}) as channels,
      ${kitchenStationsJson(storeIds)} as stations,
      ${boardSeqsColumn(seqCount)} as seqs`),
  );
  return {
    events: row!.events.map((event) => ({ ...event, at: new Date(event.at), occurredAt: new Date(event.occurredAt) })),
    succeededActions: row!.actions.map((action) => ({ ...action, at: new Date(action.at) })),
    marks: row!.marks,
    storeSettings: row!.stores,
    storedSummaries: row!.summaries,
    channelDeadlines: new Map(row!.channels.map((channel) => [channel.id, channel.minutes])),
    kitchenStations: row!.stations,
    seqs: takenSeqs(row!.seqs),
  };
}

/** One order of one store, as a map key (an order id is only unique within its store's rows here). */
function orderKey(row: { storeId: string; orderId?: string; id?: string }): string {
  return `${row.storeId}\n${row.orderId ?? row.id}`;
}

/** What every reprojection writes: the card, and where and when it sits on the board. */
const CARD_KEYS = ["storeId", "board", "boardColumn", "seq", "placedAt", "updatedAt"] as const;
/** What newly read details replace; an order reprojected from its id keeps the stored ones. */
const DETAILS_KEYS = ["details", "summary", "detailsError"] as const;
const ORDER_KEYS = ["id", "channelId", ...CARD_KEYS, ...DETAILS_KEYS] as const;
type OrderRow = BulkRow<typeof orders, (typeof ORDER_KEYS)[number]>;

/**
 * Inserts the orders (a key left out is NULL), or updates the `updated` columns of those that
 * exist in the same store; an id that is another store's order is left alone. Adds the ids
 * written to `written`.
 */
async function upsertOrders(
  tx: DatabaseTransaction,
  rows: readonly OrderRow[],
  updated: ReadonlyArray<(typeof ORDER_KEYS)[number]>,
  written: Set<string>,
): Promise<void> {
  const store = columnName(orders.storeId);
  const result = await tx.execute(
    sql`${bulkInsert(orders, ORDER_KEYS, rows)} on conflict (${columnName(orders.id)}) do update set ${takeExcluded(orders, updated)} where ${sql.identifier(getTableName(orders))}.${store} = excluded.${store} returning ${columnName(orders.id)} as "id"`,
  );
  for (const row of rowsOf<{ id: string }>(result)) written.add(row.id);
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group) group.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}
