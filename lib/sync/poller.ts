import "server-only";
import { eq } from "drizzle-orm";
import type { Database } from "@/lib/db";
import { stores } from "@/lib/db/schema";
import { log } from "@/lib/log";
import { metrics } from "@/lib/metrics";
import type { InterchangeClient } from "@/lib/open-delivery/client";
import type { BoardOrder } from "@/lib/orders/types";
import { ingestEvents, refreshUnreadableOrders, type IngestResult } from "./ingest";

export interface PollerStatus {
  /** When this poller started; the reference for "no successful poll yet". */
  startedAt: Date | null;
  lastPollAt: Date | null;
  lastPollOkAt: Date | null;
  /** When the platform last answered a poll that then went through: the board's "last contact". */
  lastContactAt: Date | null;
  lastError: string | null;
  consecutiveFailures: number;
}

export interface PollerOptions {
  storeId: string;
  client: InterchangeClient;
  db: Database;
  publish: (change: BoardOrder) => void;
  intervalMs: number;
  /** Upper bound of the back-off after repeated failures. */
  maxBackoffMs?: number;
}

/** Longest pause between polls after repeated failures. */
const DEFAULT_MAX_BACKOFF_MS = 60_000;

/**
 * Polls one store's events at its interval: ingest, acknowledge, wait. Failures back off
 * exponentially with jitter, and the pause is never shorter than the interval.
 */
export class StorePoller {
  readonly status: PollerStatus = { startedAt: null, lastPollAt: null, lastPollOkAt: null, lastContactAt: null, lastError: null, consecutiveFailures: 0 };
  private readonly detailFailures = new Map<string, number>();
  private stopped = true;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;

  constructor(private readonly options: PollerOptions) {}

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.status.startedAt = new Date();
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running?.catch(() => undefined);
  }

  /** Brings the store up to date now: joins the poll in progress, or runs one. Never throws. */
  async refresh(): Promise<void> {
    await (this.running ?? this.pollOnce()).catch(() => undefined);
  }

  /** One poll-ingest-acknowledge round. Throws what failed, after recording it. */
  async pollOnce(): Promise<IngestResult> {
    const { client, db, storeId, publish } = this.options;
    const at = new Date();
    this.status.lastPollAt = at;
    try {
      const context = { db, storeId, client, publish, detailFailures: this.detailFailures };
      const events = await client.pollEvents();
      const result = await ingestEvents(context, events);
      await refreshUnreadableOrders(context);
      metrics().polls.inc({ store: storeId, outcome: "ok" });
      Object.assign(this.status, { lastPollOkAt: at, lastContactAt: new Date(), lastError: null, consecutiveFailures: 0 });
      await db.update(stores).set({ lastPollAt: at, lastPollOkAt: at, lastError: null }).where(eq(stores.id, storeId));
      return result;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      metrics().polls.inc({ store: storeId, outcome: "failed" });
      Object.assign(this.status, { lastError: message, consecutiveFailures: this.status.consecutiveFailures + 1 });
      await db
        .update(stores)
        .set({ lastPollAt: at, lastError: message })
        .where(eq(stores.id, storeId))
        .catch(() => undefined);
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

  /** Pause before the next poll: the interval, or a jittered exponential back-off after failures. */
  nextDelayMs(): number {
    const { intervalMs, maxBackoffMs = DEFAULT_MAX_BACKOFF_MS } = this.options;
    const failures = this.status.consecutiveFailures;
    if (failures === 0) return intervalMs;
    const ceiling = Math.min(intervalMs * 2 ** failures, Math.max(maxBackoffMs, intervalMs));
    return Math.max(intervalMs, ceiling / 2 + Math.random() * (ceiling / 2));
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.pollOnce()
        .catch((error: unknown) => {
          log.warn({ store: this.options.storeId, err: error instanceof Error ? error.message : String(error) }, "poll failed");
        })
        .finally(() => this.schedule(this.nextDelayMs()));
    }, delayMs);
  }
}
