import "server-only";
import type { Database } from "@/lib/db";
import { log } from "@/lib/log";
import { metrics } from "@/lib/metrics";
import type { InterchangeClient } from "@/lib/platform/interchange/client";
import { PlatformError } from "@/lib/platform/errors";
import type { BoardOrder } from "@/lib/contract/board";
import { recordPollFailure, recordPollSuccess } from "@/lib/stores/poll-state";
import { ingestEvents, refreshUnreadableOrders, type IngestContext, type IngestResult } from "./ingest";
import { RecentErrors } from "./recent-errors";
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
  storeId: string;
  client: InterchangeClient;
  db: Database;
  publish: (change: BoardOrder) => void;
  intervalMs: number;
  /** Upper bound of the back-off after repeated failures. */
  maxBackoffMs?: number;
  /** Where the store's recent errors go (by default its rows in the database). */
  errors?: RecentErrors;
  /**
   * Polls only under a lease (several instances share the stores, lib/sync/lease-keeper.ts): a
   * poll without one does nothing, and each poll renews it and fences its writes with it.
   */
  leased?: boolean;
}

/** Longest pause between polls after repeated failures. */
const DEFAULT_MAX_BACKOFF_MS = 60_000;
/** The back-off is at most this fraction (1/n) of the time since the last successful poll. */
const BACKOFF_SHARE_OF_OUTAGE = 16;

/**
 * Polls one store's events at its interval: ingest, acknowledge, wait. Failures back off
 * exponentially with jitter, and the pause is never shorter than the interval.
 */
export class StorePoller {
  readonly status: PollerStatus = {
    startedAt: null,
    lastPollAt: null,
    lastPollOkAt: null,
    lastContactAt: null,
    lastError: null,
    consecutiveFailures: 0,
    nextPollAt: null,
  };
  readonly errors: RecentErrors;
  private readonly detailFailures = new Map<string, number>();
  private stopped = true;
  private timer: NodeJS.Timeout | undefined;
  private inFlight: Promise<unknown> | undefined;
  private lease: PollerLease | undefined;

  constructor(private readonly options: PollerOptions) {
    this.errors = options.errors ?? new RecentErrors(options.db, options.storeId);
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
    this.status.startedAt = new Date();
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.lease = undefined;
    clearTimeout(this.timer);
    this.status.nextPollAt = null;
    await this.inFlight?.catch(() => undefined);
  }

  /** Brings the store up to date now: joins the poll in progress, or runs one. Never throws. */
  async refresh(): Promise<void> {
    await (this.inFlight ?? this.pollOnce()).catch(() => undefined);
  }

  /** One poll-ingest-acknowledge round. Throws what failed, after recording it. */
  async pollOnce(): Promise<IngestResult> {
    const { client, db, storeId, publish, leased } = this.options;
    const lease = this.lease;
    // Not this instance's store to poll (another holds it), or taken over since the last poll.
    if (leased && !(lease && (await lease.renew()))) throw new LeaseLostError(storeId);
    const at = new Date();
    this.status.lastPollAt = at;
    let stage: "poll" | "ingest" = "poll";
    try {
      const context: IngestContext = {
        db,
        storeId,
        client,
        publish,
        fence: leased ? lease?.fence : undefined,
        detailFailures: this.detailFailures,
        onDetailsError: (orderId, error) => this.errors.add("details", error, orderId),
      };
      const events = await client.pollEvents();
      stage = "ingest";
      const result = await ingestEvents(context, events);
      await refreshUnreadableOrders(context);
      metrics().polls.inc({ store: storeId, outcome: "ok" });
      Object.assign(this.status, {
        lastPollOkAt: at,
        lastContactAt: new Date(),
        lastError: null,
        consecutiveFailures: 0,
      });
      await recordPollSuccess(db, storeId, at);
      return result;
    } catch (error) {
      // Another instance polls this store now: nothing failed, this one just stops.
      if (error instanceof LeaseLostError) throw error;
      // Platform failures are our own sentences (an HTTP status, a timeout); anything else is ours
      // (database…) and its text may quote SQL and customers' data: it goes to the log in full,
      // and the store's last error, the list and /api/health say only what kind of failure it was.
      const message = error instanceof PlatformError ? error.message : INTERNAL_FAILURE;
      if (!(error instanceof PlatformError)) log.error({ store: storeId, err: error }, "storing events failed");
      // After the poll itself, the only platform call that throws is the acknowledgment.
      const kind = stage === "poll" ? "poll" : error instanceof PlatformError ? "ack" : "internal";
      await this.errors.add(kind, message, undefined, at);
      metrics().polls.inc({ store: storeId, outcome: "failed" });
      Object.assign(this.status, { lastError: message, consecutiveFailures: this.status.consecutiveFailures + 1 });
      await recordPollFailure(db, storeId, at, message).catch(() => undefined);
      throw error;
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
            { store: this.options.storeId, err: error instanceof Error ? error.message : String(error) },
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
