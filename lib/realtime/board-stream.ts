import "server-only";
import type { Database } from "@/lib/db";
import { metrics } from "@/lib/metrics";
import { getChangesAfter } from "@/lib/db/board";
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
}

/** Comment lines keep proxies (and the browser) from closing an idle stream. */
const DEFAULT_HEARTBEAT_MS = 15_000;
/** How long the browser waits before reconnecting after a drop. */
const RETRY_MS = 3_000;
/** Sent as the stream ends because this instance shuts down: reconnect (elsewhere) at once. */
const SHUTDOWN_RETRY_MS = 500;

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

      const enqueue = (message: Uint8Array) => {
        if (!closed) controller.enqueue(message);
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
          write(`event: status\ndata: ${JSON.stringify({ ...message, stores: visible })}\n\n`);
        });
      }
      if (!closed) options.onSubscribed?.();
    },
    cancel() {
      cleanup();
    },
  });
}
