import "server-only";
import type { Database } from "@/lib/db";
import { metrics } from "@/lib/metrics";
import { getChangesAfter, MAX_REPLAY_CHANGES } from "@/lib/db/board";
import { log } from "@/lib/log";
import { MAX_CARD_JSON_BYTES } from "@/lib/orders/card-bounds";
import type { BoardOrder } from "@/lib/contract/board";
import type { ChangeBus } from "./bus";
import type { StatusMessage } from "@/lib/contract/stream";

/** Where the stores' contact with the platform comes from (lib/sync's feed; the route wires it). */
export interface StatusSource {
  subscribe(listener: (message: StatusMessage) => void): () => void;
}

export interface BoardStreamOptions {
  db: Database;
  bus: ChangeBus;
  /** Send every change with a sequence number above this (from Last-Event-ID or ?after=). */
  after: number;
  /** Only these stores' orders; undefined for all. */
  storeIds?: readonly string[];
  /** Ends the stream when the client goes. */
  signal: AbortSignal;
  heartbeatMs?: number;
  /** Changes replayed at most before the client is told to resync (MAX_REPLAY_CHANGES; tests lower it). */
  replayLimit?: number;
  /** Sends `status` messages (the viewer's stores only); they double as the visible heartbeat. */
  status?: StatusSource;
  /** Aborts when the instance shuts down: the stream ends with a short retry hint. */
  shutdown?: AbortSignal;
  /**
   * Called once the stream is live: subscribed to the bus (and the status source), its replay
   * sent. Every change published from then on reaches the client through the live path. Tests
   * await it instead of guessing how long subscribing takes.
   */
  onSubscribed?: () => void;
  /** Unread bytes past which the client is dropped (MAX_BACKLOG_BYTES; tests lower it). */
  maxBacklogBytes?: number;
  /** How long a client may take nothing of its backlog before it is dropped (STALL_MS; tests lower it). */
  stallMs?: number;
}

/** Comment lines keep proxies (and the browser) from closing an idle stream. */
const DEFAULT_HEARTBEAT_MS = 15_000;
/** How long the browser waits before reconnecting after a drop. */
const RETRY_MS = 3_000;
/** Sent as the stream ends because this instance shuts down: reconnect (elsewhere) at once. */
const SHUTDOWN_RETRY_MS = 500;
/**
 * What a client may leave unread: a whole replay at the largest cards (500 × 8 kB), plus 1 MiB
 * of live messages. The stream is piped with backpressure, so what the client does not read
 * waits here; without a bound, a client reading a byte a second (or a dead one whose socket the
 * kernel has not given up on) would hold every change and status since, for hours.
 */
const MAX_BACKLOG_BYTES = MAX_REPLAY_CHANGES * MAX_CARD_JSON_BYTES + 1024 * 1024;
/**
 * A client with a backlog that takes none of it for this long is gone or hopeless: dropped. By
 * then the kernel's buffers are full too, so it has not read for much longer; a live tablet's
 * board notices a silent stream after 10 s and reconnects on its own, replaying what it missed.
 */
const STALL_MS = 30_000;

/**
 * The bytes a stream's client has not read yet. The stream's queue counts messages (desiredSize
 * is 1 minus how many wait), the bound is in bytes: the sizes of the waiting messages, oldest
 * first. Each message enqueued is a check (a status every 5 s, a heartbeat every 15 s at least).
 */
class Backlog {
  private sizes: number[] = [];
  private head = 0;
  bytes = 0;
  /** When the client last took a message, or had nothing waiting. */
  takenAt: number;

  constructor(now: number) {
    this.takenAt = now;
  }

  /** Forgets the messages the client took since the last check, given how many still wait. */
  update(waiting: number, now: number): void {
    if (waiting === 0 || this.sizes.length - this.head > waiting) this.takenAt = now;
    while (this.sizes.length - this.head > waiting) this.bytes -= this.sizes[this.head++]!;
    if (this.head > 1024 && this.head * 2 > this.sizes.length) {
      this.sizes = this.sizes.slice(this.head);
      this.head = 0;
    }
  }

  add(size: number): void {
    this.sizes.push(size);
    this.bytes += size;
  }
}

const encoder = new TextEncoder();
/**
 * Each change's SSE message, encoded once however many streams send it: the bus hands every
 * stream the same change object, and 2,000 tablets would otherwise stringify it 2,000 times.
 */
const encodedChanges = new WeakMap<BoardOrder, Uint8Array>();

function encodeChange(change: BoardOrder): Uint8Array {
  let message = encodedChanges.get(change);
  if (!message) {
    message = encoder.encode(`id: ${change.seq}\nevent: order\ndata: ${JSON.stringify(change)}\n\n`);
    encodedChanges.set(change, message);
  }
  return message;
}

/**
 * A Server-Sent Events stream of board changes: first whatever the client missed after `after`,
 * then every live change. Listens before it replays, so nothing slips between the two.
 */
export function createBoardStream(options: BoardStreamOptions): ReadableStream<Uint8Array> {
  const { db, bus, storeIds, signal, heartbeatMs = DEFAULT_HEARTBEAT_MS } = options;
  let cleanup = () => {};

  return new ReadableStream<Uint8Array>({
    async start(controller) {
      let lastSent = options.after;
      let replaying = true;
      const held: BoardOrder[] = [];
      let closed = false;
      let unsubscribeStatus = () => {};
      const backlog = new Backlog(Date.now());
      const maxBacklog = options.maxBacklogBytes ?? MAX_BACKLOG_BYTES;

      const enqueue = (message: Uint8Array) => {
        if (closed) return;
        const now = Date.now();
        backlog.update(Math.max(0, 1 - (controller.desiredSize ?? 1)), now);
        if (backlog.bytes + message.byteLength > maxBacklog) return drop(`${backlog.bytes} bytes unread`);
        if (now - backlog.takenAt > (options.stallMs ?? STALL_MS))
          return drop(`nothing read for ${now - backlog.takenAt} ms`);
        backlog.add(message.byteLength);
        controller.enqueue(message);
      };
      // An error, not close(): close would wait for the backlog to reach a client that does not
      // read. The backlog is let go at once; the socket, which Next.js's pipe still waits on to
      // drain, is closed by npm start's idle socket timeout (scripts/http-limits.mjs). An
      // AbortError, so that Next.js does not log it as a failure.
      const drop = (reason: string) => {
        log.warn({ reason }, "board stream dropped: its client does not read");
        cleanup();
        controller.error(new DOMException(`Board stream dropped: ${reason}`, "AbortError"));
      };
      const write = (text: string) => enqueue(encoder.encode(text));
      const send = (change: BoardOrder) => {
        if (change.seq <= lastSent) return;
        if (storeIds && !storeIds.includes(change.storeId)) return;
        lastSent = change.seq;
        enqueue(encodeChange(change));
      };

      const unsubscribe = bus.subscribe((change) => (replaying ? held.push(change) : send(change)));
      metrics().sseClients.inc();
      const heartbeat = setInterval(() => write(": heartbeat\n\n"), heartbeatMs);
      cleanup = () => {
        if (closed) return;
        closed = true;
        unsubscribe();
        unsubscribeStatus();
        metrics().sseClients.dec();
        clearInterval(heartbeat);
        signal.removeEventListener("abort", onAbort);
        options.shutdown?.removeEventListener("abort", onShutdown);
      };
      const onAbort = () => {
        cleanup();
        try {
          controller.close();
        } catch {
          // already closed by the consumer
        }
      };
      // The instance is going away: the browser's EventSource reconnects after `retry`, through
      // the load balancer, to an instance still up.
      const onShutdown = () => {
        write(`retry: ${SHUTDOWN_RETRY_MS}\n: instance shutting down\n\n`);
        onAbort();
      };
      signal.addEventListener("abort", onAbort);
      options.shutdown?.addEventListener("abort", onShutdown);
      if (signal.aborted) return onAbort();
      if (options.shutdown?.aborted) return onShutdown();

      write(`retry: ${RETRY_MS}\n: connected\n\n`);
      try {
        const replay = await getChangesAfter(db, options.after, storeIds, options.replayLimit);
        // Too far behind to replay in full: the client reloads the snapshot (then these changes apply on top).
        if (!replay.complete) write(`event: resync\ndata: {}\n\n`);
        for (const change of replay.changes) send(change);
      } catch (error) {
        cleanup();
        controller.error(error);
        return;
      }
      replaying = false;
      for (const change of held.sort((a, b) => a.seq - b.seq)) send(change);
      if (options.status && !closed) {
        // No id: a status must not move the client's Last-Event-ID (that counts order changes).
        unsubscribeStatus = options.status.subscribe((message) => {
          const visible = storeIds ? message.stores.filter((store) => storeIds.includes(store.id)) : message.stores;
          // A printer's name is the store's (manager-set): another store's board never sees it.
          const printers = storeIds
            ? message.printers?.filter((alarm) => storeIds.includes(alarm.storeId))
            : message.printers;
          // A channel's label and platform are its restaurant's too (issue 28).
          const channels = storeIds
            ? message.channels?.filter((channel) => storeIds.includes(channel.storeId))
            : message.channels;
          write(`event: status\ndata: ${JSON.stringify({ ...message, stores: visible, printers, channels })}\n\n`);
        });
      }
      if (!closed) options.onSubscribed?.();
    },
    cancel() {
      cleanup();
    },
  });
}
