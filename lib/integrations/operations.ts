import "server-only";
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import { canSeeStore, type Viewer } from "@/lib/auth/sessions";
import type { Operations, PollerState, StoreOperations } from "@/lib/contract/manager";
import { getDb } from "@/lib/db";
import { findQuarantinedEvent, listQuarantinedEvents } from "@/lib/db/quarantined-events";
import { orders } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { readPollStates } from "@/lib/stores/poll-state";
import { refreshUnreadableOrders, type RereadResult } from "@/lib/sync/order-details";
import { retryQuarantinedEvent, type QuarantineRetry } from "@/lib/sync/quarantine-retry";
import { readDiscoveries } from "@/lib/sync/discovery";
import { readRecentErrors } from "@/lib/sync/recent-errors";
import { connectedChannelsOf, getChannelConnection } from "@/lib/sync/registry";
import { getHealth } from "./health-report";

/** Parked orders listed per store: the oldest first, as the ones waiting longest. */
const PARKED_LISTED = 50;

/** Each store of the viewer: the poller's state, its last polls, parked orders and recent errors. */
export async function getOperations(viewer: Viewer, now = new Date()): Promise<Operations> {
  const health = await getHealth(now);
  const generatedAt = now.toISOString();
  const visible = health.stores.filter((store) => canSeeStore(viewer, store.storeId));
  if (visible.length === 0) return { stores: [], syncError: health.syncError, generatedAt };
  const db = await getDb();
  const ids = [...new Set(visible.map((store) => store.storeId))];
  const settings = await readPollStates(db, ids);
  const parkedRows = await db
    .select({
      id: orders.id,
      storeId: orders.storeId,
      channelId: orders.channelId,
      board: orders.board,
      placedAt: orders.placedAt,
      detailsError: orders.detailsError,
    })
    .from(orders)
    .where(and(inArray(orders.storeId, ids), isNull(orders.summary)))
    .orderBy(asc(orders.placedAt))
    .limit(PARKED_LISTED * ids.length);
  const quarantinedRows = await listQuarantinedEvents(db, ids, PARKED_LISTED * ids.length);
  // A quarantined event is listed with its order's channel, as a parked order is; one whose order
  // Comanda does not have (or whose channel is no longer the restaurant's) with the restaurant's first.
  const quarantineChannel = (event: { storeId: string; channelId: string | null }) =>
    (
      visible.find((store) => store.storeId === event.storeId && store.id === event.channelId) ??
      visible.find((store) => store.storeId === event.storeId)
    )?.id;
  const discoveries = await readDiscoveries(db);
  const recentErrors = await readRecentErrors(
    db,
    visible.map((store) => store.id),
  );

  return {
    syncError: health.syncError,
    generatedAt,
    stores: visible.map((store): StoreOperations => {
      const connection = getChannelConnection(store.id);
      const poller = connection?.poller;
      const discovery = connection ? discoveries.get(connection.connectionId) : undefined;
      const row = settings.find((entry) => entry.id === store.id);
      const running = poller?.running === true;
      const state: PollerState = !running
        ? "stopped"
        : store.consecutiveFailures === 0
          ? "running"
          : store.healthy
            ? "backingOff"
            : "failing";
      return {
        ...store,
        state,
        stoppedBecause: running
          ? null
          : row?.enabled === false
            ? "disabled"
            : !env.SYNC_ENABLED
              ? "syncOff"
              : "notStarted",
        intervalSeconds: poller ? poller.intervalMs / 1000 : (row?.pollIntervalSeconds ?? 0),
        nextPollAt: poller?.status.nextPollAt?.toISOString() ?? null,
        parked: parkedRows
          .filter((order) => order.channelId === store.id)
          .slice(0, PARKED_LISTED)
          .map((order) => ({
            id: order.id,
            displayId: order.board.displayId,
            placedAt: order.placedAt.toISOString(),
            error: order.detailsError?.slice(0, 300) ?? null,
          })),
        quarantined: quarantinedRows
          .filter((event) => quarantineChannel(event) === store.id)
          .slice(0, PARKED_LISTED)
          .map((event) => ({
            id: event.id,
            eventId: event.eventId,
            orderId: event.orderId,
            reason: event.reason,
            receivedAt: event.receivedAt.toISOString(),
          })),
        discovery: discovery
          ? {
              dialect: discovery.dialect,
              state: discovery.state,
              problem: discovery.problem,
              operations: discovery.operations,
              catalogSyncModel: discovery.catalogSyncModel,
              checkedAt: discovery.checkedAt.toISOString(),
              readAt: discovery.readAt?.toISOString() ?? null,
            }
          : null,
        recentErrors: recentErrors.get(store.id) ?? [],
      };
    }),
  };
}

/**
 * Reads parked orders' details again now (one, or all of the store's), and polls once so orders
 * whose events wait unacknowledged are tried too. Says for each order whether it healed.
 */
export async function retryParked(storeId: string, orderId?: string): Promise<{ results: RereadResult[] }> {
  // A clear 409 when none of the restaurant's channels is connected (each channel retries its own).
  connectedStore(storeId);
  const db = await getDb();
  if (orderId) {
    const [order] = await db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.storeId, storeId), isNull(orders.summary)));
    if (!order) throw new AppError("not_found", "This order is not parked (any more).");
  }
  // Each channel re-reads its own parked orders, through its own platform.
  const results: RereadResult[] = [];
  for (const channel of connectedChannelsOf(storeId))
    results.push(
      ...(await refreshUnreadableOrders(
        { db, channels: new Map([[channel.id, storeId]]), client: channel.client },
        PARKED_LISTED,
        orderId ? [orderId] : undefined,
      )),
    );
  if (!orderId) await Promise.all(connectedChannelsOf(storeId).map((channel) => channel.poller.refresh()));
  return { results };
}

/**
 * Runs one of the store's quarantined events through ingest again, through the channel that
 * delivered it (its order's; else the restaurant's first connected one); says how it went.
 */
export async function retryQuarantined(storeId: string, id: number): Promise<QuarantineRetry> {
  const db = await getDb();
  const row = await findQuarantinedEvent(db, storeId, id);
  const connection =
    connectedChannelsOf(storeId).find((channel) => channel.id === row?.channelId) ?? connectedStore(storeId);
  const result = row
    ? await retryQuarantinedEvent({ db, storeId, channelId: connection.id, client: connection.client }, id)
    : null;
  if (!result) throw new AppError("not_found", "This event is not in the store's quarantine (any more).");
  return result;
}

/** The restaurant's first connected channel (a quarantined event is retried through it). */
function connectedStore(storeId: string) {
  const connection = connectedChannelsOf(storeId)[0];
  if (!connection)
    throw new AppError(
      "store_not_connected",
      "This store is not connected (disabled or stopped): enable it in Integrations first.",
    );
  return connection;
}
