import "server-only";
import { getDb } from "@/lib/db";
import { stores } from "@/lib/db/schema";
import { log } from "@/lib/log";
import type { StatusMessage, StoreStatus } from "@/lib/contract/stream";
import { DOWN_AFTER_INTERVALS } from "@/lib/realtime/store-status";
import { syncState } from "./registry";
import { processSingleton } from "@/lib/process-singleton";

/** How often the feed looks at the pollers: a store going down shows within about a second. */
const TICK_MS = 1_000;
/** A status goes out at least this often even when nothing changed: the stream's visible heartbeat. */
export const STATUS_EVERY_SECONDS = 5;
/** The stores table (names, intervals, other instances' polls) is re-read this often. */
const ROWS_EVERY_MS = 2_000;

type StoreRow = Pick<typeof stores.$inferSelect, "id" | "name" | "enabled" | "pollIntervalSeconds" | "lastPollOkAt">;

/**
 * Each store's contact with the platform, computed once per process and fanned out to every open
 * board stream (one timer and one small query every two seconds, however many tablets listen).
 * Sent when something changed — a store went down or came back, a poll failed or succeeded — and
 * at least every STATUS_EVERY_SECONDS.
 * It runs only while someone listens.
 */
export class StatusFeed {
  private readonly listeners = new Set<(message: StatusMessage) => void>();
  private timer: ReturnType<typeof setInterval> | undefined;
  private rows: StoreRow[] | undefined;
  private rowsReadAt = 0;
  private latest: StatusMessage | undefined;
  private lastKey = "";
  private lastSentAt = 0;
  private busy = false;
  private readonly startedAt: Date;

  constructor(
    private readonly readRows: () => Promise<StoreRow[]> = readStoreRows,
    private readonly clock: () => Date = () => new Date(),
  ) {
    this.startedAt = clock();
  }

  subscribe(listener: (message: StatusMessage) => void): () => void {
    this.listeners.add(listener);
    if (this.latest) listener(this.latest);
    else void this.tick();
    this.timer ??= setInterval(() => void this.tick(), TICK_MS);
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) {
        clearInterval(this.timer);
        this.timer = undefined;
        this.latest = undefined;
      }
    };
  }

  listenerCount(): number {
    return this.listeners.size;
  }

  /** Recomputes; sends when a store's state changed or the heartbeat is due. */
  async tick(now = this.clock()): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    try {
      if (!this.rows || now.getTime() - this.rowsReadAt >= ROWS_EVERY_MS) {
        try {
          this.rows = await this.readRows();
          this.rowsReadAt = now.getTime();
        } catch (error) {
          // Keep the last rows: the in-memory pollers still say how the platform is doing.
          log.warn({ err: error instanceof Error ? error.message : String(error) }, "status feed: stores unreadable");
        }
      }
      const message: StatusMessage = { stores: computeStatuses(this.rows ?? [], now, this.startedAt), everySeconds: STATUS_EVERY_SECONDS };
      // A new contact counts as a change too: the board's "N s ago" is then exact, not extrapolated.
      const key = JSON.stringify(message.stores.map((store) => [store.id, store.down, store.consecutiveFailures, contactKey(store, now)]));
      this.latest = message;
      if (key === this.lastKey && now.getTime() - this.lastSentAt < STATUS_EVERY_SECONDS * 1000 - TICK_MS / 2) return;
      this.lastKey = key;
      this.lastSentAt = now.getTime();
      for (const listener of this.listeners) {
        try {
          listener(message);
        } catch (error) {
          log.error({ err: error }, "status listener failed");
        }
      }
    } finally {
      this.busy = false;
    }
  }
}

/** When the last contact was (whole 100 ms), stable from one tick to the next while nothing happens. */
function contactKey(store: StoreStatus, now: Date): number | null {
  return store.lastContactAgeSeconds === null ? null : Math.round((now.getTime() - store.lastContactAgeSeconds * 1000) / 100);
}

async function readStoreRows(): Promise<StoreRow[]> {
  const db = await getDb();
  return db
    .select({ id: stores.id, name: stores.name, enabled: stores.enabled, pollIntervalSeconds: stores.pollIntervalSeconds, lastPollOkAt: stores.lastPollOkAt })
    .from(stores)
    .orderBy(stores.name);
}

/**
 * A store's poller in this process knows best (it records when the platform answered); a store
 * polled by another instance is judged by the time that instance wrote to the stores table.
 */
export function computeStatuses(rows: readonly StoreRow[], now: Date, feedStartedAt: Date): StoreStatus[] {
  const connections = syncState().connections;
  return rows
    .filter((row) => row.enabled)
    .map((row) => {
      const poller = connections.get(row.id)?.poller;
      const intervalSeconds = poller ? poller.intervalMs / 1000 : row.pollIntervalSeconds;
      const lastContact = latest(poller?.status.lastContactAt ?? null, row.lastPollOkAt);
      const reference = lastContact ?? poller?.status.startedAt ?? feedStartedAt;
      const ageSeconds = Math.max(0, (now.getTime() - reference.getTime()) / 1000);
      return {
        id: row.id,
        name: row.name,
        intervalSeconds,
        lastContactAgeSeconds: lastContact ? Math.round(ageSeconds * 10) / 10 : null,
        consecutiveFailures: poller?.status.consecutiveFailures ?? 0,
        // Another instance's polls are seen only when the rows are re-read: allow for that lag.
        down: ageSeconds > intervalSeconds * DOWN_AFTER_INTERVALS + (poller ? 0 : ROWS_EVERY_MS / 1000),
      };
    });
}

function latest(a: Date | null, b: Date | null): Date | null {
  if (!a) return b;
  if (!b) return a;
  return a > b ? a : b;
}

// One per process, shared by every stream whatever module graph opened it.
export function getStatusFeed(): StatusFeed {
  return processSingleton("statusFeed", () => new StatusFeed());
}
