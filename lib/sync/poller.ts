import "server-only";
import type { Database } from "@/lib/db";
import { log } from "@/lib/log";
import { metrics } from "@/lib/metrics";
import { MAX_POLLING_MERCHANTS, type InterchangeClient } from "@/lib/platform/interchange/client";
import { PlatformError } from "@/lib/platform/errors";
import type { PlatformEvent } from "@/lib/platform/interchange/schemas";
import { recordPollFailure, recordPollSuccess } from "@/lib/stores/poll-state";
import { ingestEvents } from "./ingest";
import type { DeliveryContext, IngestResult } from "./ingest-context";
import { refreshUnreadableOrders } from "./order-details";
import { reconcileOrders, type ReconcileOutcome } from "./reconcile";
import { recordRecentErrors, RecentErrors } from "./recent-errors";
import type { PollerLease } from "./lease-keeper";
import { LeaseLostError } from "./leases";

const INTERNAL_FAILURE = "Internal error while storing events (see the server log)";

export interface PollerStatus {
  /** When this poller started; the reference for "no successful poll yet". */
  startedAt: Date | null;
  lastPollAt: Date | null;
  lastPollOkAt: Date | null;
  /** When the platform last answered a poll that then went through: the board's "last contact". */
  lastContactAt: Date | null;
  lastError: string | null;
  consecutiveFailures: number;
  /** When the next poll is due; null while one runs or when stopped. */
  nextPollAt: Date | null;
}

export interface PollerOptions {
  /** The platform connection polled (its lease key, its label in logs). */
  connectionId: string;
  /**
   * Its enabled channels (channel id, the merchant each poll names — 100 per request at most —
   * → its restaurant's id).
   */
  channels: ReadonlyMap<string, string>;
  /** The connection's client: one token for all its channels. */
  client: InterchangeClient;
  db: Database;
  intervalMs: number;
  /** Open Delivery 2.0: how often each active order is compared with the platform's status (default RECONCILE_EVERY_MS). */
  reconcileEveryMs?: number;
  /** Upper bound of the back-off after repeated failures. */
  maxBackoffMs?: number;
  /**
   * Polls only under a lease (several instances share the stores, lib/sync/lease-keeper.ts): a
   * poll without one does nothing, and each poll renews it and fences its writes with it.
   */
  leased?: boolean;
  /**
   * What must have happened before the first poll: a new connection's first manifest read, so the
   * first round goes out in the dialect the platform declares (lib/sync/connect.ts). Never rejects.
   */
  ready?: Promise<unknown>;
}

/** Longest pause between polls after repeated failures. */
const DEFAULT_MAX_BACKOFF_MS = 60_000;
/** The back-off is at most this fraction (1/n) of the time since the last successful poll. */
const BACKOFF_SHARE_OF_OUTAGE = 16;

/**
 * Polls one platform connection's events at its interval: for each hundred of its stores one
 * request naming them (x-polling-merchants), ingest (each event to its order's store),
 * acknowledge; then wait. Failures back off exponentially with jitter, and the pause is never
 * shorter than the interval. Status is the connection's, and so each of its stores'.
 */
export class ConnectionPoller {
  readonly status: PollerStatus = {
    startedAt: null,
    lastPollAt: null,
    lastPollOkAt: null,
    lastContactAt: null,
    lastError: null,
    consecutiveFailures: 0,
    nextPollAt: null,
  };
  private readonly detailFailures = new Map<string, number>();
  /** When each active order of a 2.0 connection was last compared with the platform's status. */
  private readonly lastReconciled = new Map<string, number>();
  private stopped = true;
  private timer: NodeJS.Timeout | undefined;
  private inFlight: Promise<unknown> | undefined;
  private lease: PollerLease | undefined;
  /** Settles when stop() is called: a poll waiting for `ready` gives up then, not after it. */
  private stopping: Promise<"stopped"> = new Promise(() => undefined);
  private announceStop: () => void = () => undefined;

  constructor(private readonly options: PollerOptions) {}

  get connectionId(): string {
    return this.options.connectionId;
  }

  get channelIds(): readonly string[] {
    return [...this.options.channels.keys()];
  }

  /** A channel's recent errors (in the database): the connection's failed polls and acknowledgments, its orders' unreadable details. */
  errorsOf(channelId: string): RecentErrors {
    return new RecentErrors(this.options.db, channelId);
  }

  get running(): boolean {
    return !this.stopped;
  }

  /** The lease polls run under from now on (start sets it; tests driving pollOnce too). */
  useLease(lease: PollerLease | undefined): void {
    this.lease = lease;
  }

  /** Starts polling (under `lease` when the poller is leased). */
  start(lease?: PollerLease): void {
    this.lease = lease;
    if (!this.stopped) return;
    this.stopped = false;
    this.stopping = new Promise((resolve) => (this.announceStop = () => resolve("stopped")));
    this.status.startedAt = new Date();
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.lease = undefined;
    this.announceStop();
    clearTimeout(this.timer);
    this.status.nextPollAt = null;
    await this.inFlight?.catch(() => undefined);
  }

  /** Brings the store up to date now: joins the poll in progress, or runs one. Never throws. */
  async refresh(): Promise<void> {
    await (this.inFlight ?? this.pollOnce()).catch(() => undefined);
  }

  /**
   * One round: for each chunk of at most 100 stores, poll, ingest, acknowledge. Throws what failed,
   * after recording it for every store of the connection.
   */
  async pollOnce(): Promise<IngestResult> {
    const { client, db, connectionId, channels, leased } = this.options;
    const channelIds = [...channels.keys()];
    // A new connection's manifest may take a while to answer: stopping (a manager's change, the
    // lease lost) does not wait for it, and a poller stopped meanwhile polls nothing.
    if ((await Promise.race([this.options.ready, this.stopping])) === "stopped")
      return { received: 0, stored: 0, duplicates: 0, acknowledged: 0, deferred: 0 };
    const lease = this.lease;
    // Not this instance's connection to poll (another holds it), or taken over since the last poll.
    if (leased && !(lease && (await lease.renew()))) throw new LeaseLostError(connectionId);
    const at = new Date();
    this.status.lastPollAt = at;
    let stage: "poll" | "ingest" = "poll";
    const context = (ids: readonly string[]) =>
      this.deliveryContext(new Map(ids.map((id) => [id, channels.get(id)!])), leased ? lease?.fence : undefined);
    try {
      const total: IngestResult = { received: 0, stored: 0, duplicates: 0, acknowledged: 0, deferred: 0 };
      const eventOrders = new Set<string>();
      for (let start = 0; start < channelIds.length; start += MAX_POLLING_MERCHANTS) {
        const chunk = channelIds.slice(start, start + MAX_POLLING_MERCHANTS);
        stage = "poll";
        const events = await client.pollEvents(chunk);
        stage = "ingest";
        const result = await ingestEvents(context(chunk), events);
        for (const key of Object.keys(total) as (keyof IngestResult)[]) total[key] += result[key];
        for (const event of events) eventOrders.add(event.orderId);
      }
      await refreshUnreadableOrders(context(channelIds));
      await this.reconcile([...eventOrders]);
      metrics().polls.inc({ connection: connectionId, outcome: "ok" });
      Object.assign(this.status, {
        lastPollOkAt: at,
        lastContactAt: new Date(),
        lastError: null,
        consecutiveFailures: 0,
      });
      await recordPollSuccess(db, channelIds, at);
      return total;
    } catch (error) {
      // Another instance polls this connection now: nothing failed, this one just stops.
      if (error instanceof LeaseLostError) throw error;
      // Platform failures are our own sentences (an HTTP status, a timeout); anything else is ours
      // (database…) and its text may quote SQL and customers' data: it goes to the log in full,
      // and the stores' last error, the list and /api/health say only what kind of failure it was.
      const message = error instanceof PlatformError ? error.message : INTERNAL_FAILURE;
      if (!(error instanceof PlatformError))
        log.error({ connection: connectionId, err: error }, "storing events failed");
      // After the poll itself, the only platform call that throws is the acknowledgment.
      const kind = stage === "poll" ? "poll" : error instanceof PlatformError ? "ack" : "internal";
      await recordRecentErrors(db, channelIds, { kind, error: message, at });
      metrics().polls.inc({ connection: connectionId, outcome: "failed" });
      Object.assign(this.status, { lastError: message, consecutiveFailures: this.status.consecutiveFailures + 1 });
      await recordPollFailure(db, channelIds, at, message).catch(() => undefined);
      // The platform not answering polls is no reason to stop checking its orders' status: each
      // unanswered check marks its card "status não confirmado" instead of leaving it unsaid.
      if (stage === "poll") await this.reconcile([]);
      throw error;
    }
  }

  /**
   * Events the platform pushed for one of this connection's channels (Open Delivery 2.0's webhook,
   * lib/sync/webhook-v2.ts): the very ingest a poll runs — each order read (GET /v2/orders/{id}),
   * stored with its events once (eventId), unreadable ones retried then parked as for a poll — then
   * their orders' status reconciled, as after a poll. Answering the push is their acknowledgment
   * (rc.2), so no acknowledgment call is sent. Not fenced: a push may reach any instance, and the
   * eventId key absorbs one the poller also stores.
   */
  async ingestPushed(
    channel: { id: string; restaurantId: string },
    events: readonly PlatformEvent[],
  ): Promise<IngestResult> {
    const result = await ingestEvents(
      { ...this.deliveryContext(new Map([[channel.id, channel.restaurantId]]), undefined), acknowledgedByAnswer: true },
      events,
    );
    await this.reconcile(events.map((event) => event.orderId)).catch((error: unknown) => {
      // This instance lost the connection's lease meanwhile: the poller holding it reconciles.
      if (!(error instanceof LeaseLostError)) throw error;
    });
    return result;
  }

  /**
   * One delivery's context (a poll's chunk of channels, or a push for one, channel id → its
   * restaurant): the poller's shared detail retries and error records.
   */
  private deliveryContext(channels: ReadonlyMap<string, string>, fence: DeliveryContext["fence"]): DeliveryContext {
    const { db, connectionId, client } = this.options;
    return {
      db,
      channels,
      source: connectionId,
      client,
      fence,
      detailFailures: this.detailFailures,
      onDetailsError: async (orderId, error, channelId) => {
        if (channelId) await this.errorsOf(channelId).add("details", error, orderId);
        else log.warn({ connection: connectionId, orderId, err: error.message }, "order details unreadable");
      },
    };
  }

  /**
   * Open Delivery 2.0 only: compares active orders with the platform's status (lib/sync/reconcile.ts),
   * the ones these events named first. Its failures are logged, never the poll's.
   */
  async reconcile(named: readonly string[]): Promise<ReconcileOutcome[]> {
    const { client, db, channels, leased, connectionId } = this.options;
    if (!client.speaksV2) return [];
    try {
      return await reconcileOrders(
        {
          db,
          channels,
          status: (orderId) => client.v2.getStatus(orderId),
          fence: leased ? this.lease?.fence : undefined,
          lastReconciled: this.lastReconciled,
          everyMs: this.options.reconcileEveryMs,
        },
        named,
      );
    } catch (error) {
      if (error instanceof LeaseLostError) throw error;
      log.error({ connection: connectionId, err: error }, "reconciling order status failed");
      return [];
    }
  }

  /** Orders whose details could not be read yet (their events wait unacknowledged). */
  get deferredOrders(): number {
    return this.detailFailures.size;
  }

  get intervalMs(): number {
    return this.options.intervalMs;
  }

  /**
   * Pause before the next poll: the interval, or a jittered exponential back-off after failures,
   * capped at a sixteenth of the time since the last success (never below the interval). Without
   * the cap a platform back after a short outage waited out a back-off grown during it (48 s
   * after a 1-minute outage); with it, the wait is at most ~6 % of the outage so far, and a long
   * outage still costs the platform few calls.
   */
  nextDelayMs(now: number = Date.now()): number {
    const { intervalMs, maxBackoffMs = DEFAULT_MAX_BACKOFF_MS } = this.options;
    const failures = this.status.consecutiveFailures;
    if (failures === 0) return intervalMs;
    const ceiling = Math.min(intervalMs * 2 ** failures, Math.max(maxBackoffMs, intervalMs));
    const backoff = ceiling / 2 + Math.random() * (ceiling / 2);
    const lastSuccess = (this.status.lastPollOkAt ?? this.status.startedAt)?.getTime() ?? now;
    const cap = Math.max(0, now - lastSuccess) / BACKOFF_SHARE_OF_OUTAGE;
    return Math.max(intervalMs, Math.min(backoff, cap));
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.status.nextPollAt = new Date(Date.now() + delayMs);
    this.timer = setTimeout(() => {
      this.status.nextPollAt = null;
      this.inFlight = this.pollOnce()
        .catch((error: unknown) => {
          log.warn(
            { connection: this.options.connectionId, err: error instanceof Error ? error.message : String(error) },
            "poll failed",
          );
        })
        .finally(() => {
          // Cleared so refresh() runs a new poll instead of awaiting a finished one.
          this.inFlight = undefined;
          this.schedule(this.nextDelayMs());
        });
    }, delayMs);
  }
}
