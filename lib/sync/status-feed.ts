import "server-only";
import { getDb } from "@/lib/db";
import { log } from "@/lib/log";
import { getBus } from "@/lib/realtime/process-bus";
import type { StatusMessage, StoreStatus } from "@/lib/contract/stream";
import { judgeConnection } from "@/lib/stores/health";
import { readPollStates, type ChannelPollState } from "@/lib/stores/poll-state";
import { readPrinterAlarms, type PrinterAlarm } from "@/lib/printers/jobs";
import { getChannelConnection } from "./registry";
import { contactEvidence } from "./store-contact";
import type { OrderAction } from "@/lib/contract/board-values";
import { notOfferedBy, rememberedDiscovery } from "./discovery";
import { processSingleton } from "@/lib/process/singleton";
import { withTimeout } from "@/lib/time/with-timeout";

/** How often the feed looks at the pollers: a store going down shows within about a second. */
const TICK_MS = 1_000;
/** A status goes out at least this often even when nothing changed: the stream's visible heartbeat. */
export const STATUS_EVERY_SECONDS = 5;
/** The stores table (names, intervals, other instances' polls) is re-read this often. */
const ROWS_EVERY_MS = 2_000;
/** A read of the stores taking longer than this counts as the database not answering. */
const ROWS_TIMEOUT_MS = 3_000;

type StoreRow = Pick<
  ChannelPollState,
  "id" | "name" | "enabled" | "pollIntervalSeconds" | "lastPollOkAt" | "consecutiveFailures"
> &
  Partial<Pick<ChannelPollState, "storeId" | "label" | "color" | "platform">>;

/**
 * Each store's contact with the platform, computed once per process and fanned out to every open
 * board stream (one timer and one small query every two seconds, however many tablets listen).
 * Sent when something changed — a store went down or came back, a poll failed or succeeded — and
 * at least every STATUS_EVERY_SECONDS. It also says whether this server has its database: the
 * stores could be read in time, and other instances' changes reach it (the change bus listens);
 * when not, the tablets say "no database" instead of "live".
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
  /** The tick in progress: ticks never overlap, and a caller awaiting tick() awaits that one. */
  private running: Promise<void> | null = null;
  private databaseAnswers = true;
  private printerAlarms: PrinterAlarm[] = [];
  private readonly startedAt: Date;

  constructor(
    private readonly readRows: () => Promise<StoreRow[]> = readStoreRows,
    private readonly clock: () => Date = () => new Date(),
    private readonly changesListening: () => boolean = () => getBus().listening(),
    // A feed given its own store rows (a test) reads no printer alarms from the application's database.
    private readonly readAlarms: (now: Date) => Promise<PrinterAlarm[]> = readRows === readStoreRows
      ? readAlarmRows
      : async () => [],
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
  tick(now = this.clock()): Promise<void> {
    this.running ??= this.run(now).finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async run(now: Date): Promise<void> {
    if (!this.rows || now.getTime() - this.rowsReadAt >= ROWS_EVERY_MS) {
      try {
        this.rows = await withTimeout(this.readRows(), ROWS_TIMEOUT_MS);
        // Read with the stores, as often: a printer's alarm shows within ~2 s of its 30 s.
        this.printerAlarms = await withTimeout(this.readAlarms(now), ROWS_TIMEOUT_MS);
        this.rowsReadAt = now.getTime();
        this.databaseAnswers = true;
      } catch (error) {
        // Keep the last rows: the in-memory pollers still say how the platform is doing.
        this.databaseAnswers = false;
        log.warn({ err: error instanceof Error ? error.message : String(error) }, "status feed: stores unreadable");
      }
    }
    const channels = computeStatuses(this.rows ?? [], now, this.startedAt);
    const message: StatusMessage = {
      stores: restaurantStatuses(channels),
      channels: channels.map(({ status, row }) => ({
        id: row.id,
        storeId: row.storeId ?? row.id,
        label: row.label ?? row.name,
        color: row.color ?? DEFAULT_CHANNEL_COLOR,
        platform: row.platform ?? null,
        down: status.down,
        ...notOfferedOn(row.id),
      })),
      everySeconds: STATUS_EVERY_SECONDS,
      database: this.databaseAnswers && this.changesListening() ? "up" : "down",
      printers: this.printerAlarms,
    };
    // A new contact counts as a change too: the board's "N s ago" is then exact, not extrapolated.
    const key = JSON.stringify([
      message.database,
      message.stores.map((store) => [store.id, store.down, store.consecutiveFailures, contactKey(store, now)]),
      message.channels?.map((channel) => [channel.id, channel.down, channel.label, channel.color, channel.notOffered]),
      message.printers,
    ]);
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
  }
}

/** When the last contact was (whole 100 ms), stable from one tick to the next while nothing happens. */
function contactKey(store: StoreStatus, now: Date): number | null {
  return store.lastContactAgeSeconds === null
    ? null
    : Math.round((now.getTime() - store.lastContactAgeSeconds * 1000) / 100);
}

async function readStoreRows(): Promise<StoreRow[]> {
  return readPollStates(await getDb());
}

async function readAlarmRows(now: Date): Promise<PrinterAlarm[]> {
  return readPrinterAlarms(await getDb(), now);
}

/**
 * Each enabled store's contact, judged by lib/stores/health: "down" on the board is anything
 * short of connected. A store polled by another instance is judged by what that instance wrote
 * to the stores table (last success, failures in a row), which this feed sees only when it
 * re-reads the rows; a store polled here, by its running poller.
 */
export function computeStatuses(
  rows: readonly StoreRow[],
  now: Date,
  feedStartedAt: Date,
): { row: StoreRow; status: StoreStatus }[] {
  const scope = { otherInstances: true, rowAgeSeconds: ROWS_EVERY_MS / 1000, watchedSince: feedStartedAt };
  return rows
    .filter((row) => row.enabled)
    .map((row) => {
      // Every instance has a poller for every connection; only the lease holder's runs.
      const connected = getChannelConnection(row.id)?.poller;
      const poller = connected?.running ? connected : undefined;
      const evidence = contactEvidence(row, poller, scope);
      const { state, silentSeconds } = judgeConnection(evidence, now);
      const status = {
        id: row.storeId ?? row.id,
        name: row.name,
        intervalSeconds: evidence.intervalSeconds,
        lastContactAgeSeconds:
          evidence.lastContactAt && silentSeconds !== null ? Math.round(silentSeconds * 10) / 10 : null,
        consecutiveFailures: poller?.status.consecutiveFailures ?? row.consecutiveFailures,
        down: state !== "connected",
      };
      return { row, status };
    });
}

/** The actions the channel's platform does not offer (none: the key is left out). */
function notOfferedOn(channelId: string): { notOffered?: OrderAction[] } {
  const connectionId = getChannelConnection(channelId)?.connectionId;
  const notOffered = connectionId ? notOfferedBy(rememberedDiscovery(connectionId)) : [];
  return notOffered.length > 0 ? { notOffered } : {};
}

/** The colour of a channel whose row predates labels (a test's). */
const DEFAULT_CHANNEL_COLOR = "#2563eb";

/**
 * Each restaurant's link to its platforms, from its channels': down when any of them is down (the
 * board names which with the channels' own statuses), its worst contact and failures.
 */
export function restaurantStatuses(channels: readonly { status: StoreStatus }[]): StoreStatus[] {
  const byStore = new Map<string, StoreStatus>();
  for (const { status } of channels) {
    const seen = byStore.get(status.id);
    if (!seen) {
      byStore.set(status.id, status);
      continue;
    }
    const ages = [seen.lastContactAgeSeconds, status.lastContactAgeSeconds];
    byStore.set(status.id, {
      ...seen,
      intervalSeconds: Math.min(seen.intervalSeconds, status.intervalSeconds),
      lastContactAgeSeconds: ages.includes(null) ? null : Math.max(...(ages as number[])),
      consecutiveFailures: Math.max(seen.consecutiveFailures, status.consecutiveFailures),
      down: seen.down || status.down,
    });
  }
  return [...byStore.values()];
}

// One per process, shared by every stream whatever module graph opened it.
export function getStatusFeed(): StatusFeed {
  return processSingleton("statusFeed", () => new StatusFeed());
}
