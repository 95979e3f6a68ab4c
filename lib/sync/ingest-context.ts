import "server-only";
import type { Database, DatabaseTransaction } from "@/lib/db";
import type { InterchangeClient } from "@/lib/platform/interchange/client";

/** What ingesting needs for one channel (its writes, its unreadable orders). */
export interface IngestContext {
  db: Database;
  /** The restaurant whose board the channel's orders go to. */
  storeId: string;
  channelId: string;
  client: InterchangeClient;
  /**
   * The poller's lease check (lib/sync/leases.ts): run inside each write's transaction, it throws
   * when another instance took the connection over, so a stale poller neither writes nor acknowledges.
   */
  fence?: (tx: DatabaseTransaction) => Promise<void>;
  /** Failed reads of an order's details so far, by order id (kept by the poller across polls). */
  detailFailures?: Map<string, number>;
  /**
   * Told of every failed or unreadable read of an order's details (the poller's recent errors),
   * with the order's channel when it is known yet.
   */
  onDetailsError?: (orderId: string, error: Error, channelId?: string) => void | Promise<void>;
}

/**
 * One delivery of events (a poll naming some merchants, a webhook for one): the channels it may be
 * stored under. Each event goes to its order's channel: the channel an order already stored has,
 * or for a new order the merchant its details name (`merchant.id`, a channel's id) — or, when the
 * delivery is for one channel only, that channel if the details name none. An event whose order
 * belongs to no channel of the delivery is acknowledged and logged, never stored (nor under the
 * wrong channel). Each channel's orders go to its restaurant's board.
 */
export type DeliveryContext = Omit<IngestContext, "storeId" | "channelId"> & {
  /** The delivery's channels: channel id → its restaurant's id. */
  channels: ReadonlyMap<string, string>;
  /** Who delivered, for logs and metrics (the connection); the channels joined by default. */
  source?: string;
  /**
   * Acknowledged by answering the delivery itself (a 2.0 webhook: rc.2's `orderEvent` is
   * acknowledged by its 200/204): its events are marked acknowledged once stored, and no
   * acknowledgment call is sent (POST /events/acknowledgment takes "event ids previously returned
   * by polling"). Absent: acknowledged by calling the platform, as a poll and a 1.x webhook are.
   */
  acknowledgedByAnswer?: boolean;
};

export interface IngestResult {
  received: number;
  stored: number;
  duplicates: number;
  acknowledged: number;
  /** Events left unacknowledged because their order could not be read; the platform resends them. */
  deferred: number;
}
