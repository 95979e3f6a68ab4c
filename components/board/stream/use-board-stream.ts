"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import type { BoardSnapshot } from "@/lib/contract/board";
import { boardOrderShape, statusMessageShape } from "@/lib/contract/board-shape";
import { parseStreamMessage } from "@/lib/contract/client";
import type { StatusMessage } from "@/lib/contract/stream";
import { orderDetailsKey } from "@/components/order/order-details-key";
import { applyOrderChange, BOARD_QUERY_KEY } from "./board-cache";

export type StreamState = "connecting" | "live" | "reconnecting";

/** What the board knows about its link to the server and the server's links to the platform. */
export interface BoardConnection {
  state: StreamState;
  /** Since when (ms) the stream has not been live: page load when it never was; null while live. */
  downSince: number | null;
  /** The last `status` message and when it arrived (ms); null before the first. */
  status: (StatusMessage & { receivedAt: number }) | null;
}

/** Backoff for re-opening a stream the browser gave up on (it retries by itself otherwise). */
const REOPEN_DELAYS_MS = [1_000, 2_000, 5_000, 10_000, 30_000];
/** Until the server said how often it sends a status, assume this (lib/sync/status-feed). */
const DEFAULT_STATUS_EVERY_SECONDS = 5;
/** A stream that stays silent for this many status periods is dead, even if the socket looks open. */
const SILENT_AFTER_PERIODS = 2;
const WATCHDOG_TICK_MS = 1_000;

/**
 * Keeps the board's cache current from the server's SSE stream, once the snapshot is loaded.
 *
 * EventSource reconnects by itself after a dropped connection and sends Last-Event-ID, so the
 * server replays what was missed. It gives up for good only when the server answers with an
 * error status; then we open a new one, asking for changes after the newest seq we hold. A
 * connection that dies without closing (Wi-Fi gone, a proxy holding it) sends nothing: the
 * server's status messages come every few seconds, so silence past two periods means dead —
 * we close it and open a new one. The browser's offline/online events short-cut both waits.
 */
export function useBoardStream(snapshotLoaded: boolean): BoardConnection {
  const queryClient = useQueryClient();
  const [link, setLink] = useState<Pick<BoardConnection, "state" | "downSince">>(() => ({
    state: "connecting",
    downSince: Date.now(),
  }));
  const [status, setStatus] = useState<BoardConnection["status"]>(null);

  useEffect(() => {
    if (!snapshotLoaded) return;
    let source: EventSource | undefined;
    let reopenTimer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    let lastMessageAt = Date.now();
    let quietTicks = 0;
    let everyMs = DEFAULT_STATUS_EVERY_SECONDS * 1000;

    const goneDown = (since: number) =>
      setLink((current) =>
        current.state === "reconnecting" ? current : { state: "reconnecting", downSince: current.downSince ?? since },
      );

    const onOrder = (event: MessageEvent<string>) => {
      lastMessageAt = Date.now();
      quietTicks = 0;
      // A malformed message must not take the board down; the next change repairs it.
      const order = parseStreamMessage(boardOrderShape, event.data);
      if (!order) return;
      queryClient.setQueryData<BoardSnapshot>(BOARD_QUERY_KEY, (snapshot) =>
        snapshot ? applyOrderChange(snapshot, order) : snapshot,
      );
      // An open details dialog reads its own query (items, timeline, "confirmed by"): the change
      // makes it read again, so it follows what another tab or the platform did. Closed: only marked stale.
      // Looked up by key first: invalidating walks the whole query cache (a query per card).
      if (queryClient.getQueryState(orderDetailsKey(order.id)))
        void queryClient.invalidateQueries({ queryKey: orderDetailsKey(order.id), exact: true });
    };

    const onStatus = (event: MessageEvent<string>) => {
      lastMessageAt = Date.now();
      quietTicks = 0;
      const message = parseStreamMessage(statusMessageShape, event.data);
      if (!message) return;
      everyMs = message.everySeconds * 1000;
      setStatus({ ...message, receivedAt: lastMessageAt });
    };

    // The server could not replay everything this board missed (it was far behind): reload the snapshot.
    const onResync = () => void queryClient.refetchQueries({ queryKey: BOARD_QUERY_KEY });

    const open = () => {
      const after = queryClient.getQueryData<BoardSnapshot>(BOARD_QUERY_KEY)?.lastSeq ?? 0;
      quietTicks = 0;
      const current = new EventSource(`/api/board/stream?after=${after}`);
      source = current;
      current.addEventListener("order", onOrder);
      current.addEventListener("status", onStatus);
      current.addEventListener("resync", onResync);
      current.onopen = () => {
        failures = 0;
        lastMessageAt = Date.now();
        quietTicks = 0;
        setLink({ state: "live", downSince: null });
      };
      current.onerror = () => {
        goneDown(Date.now());
        if (current.readyState !== EventSource.CLOSED) return;
        const delay = REOPEN_DELAYS_MS[Math.min(failures, REOPEN_DELAYS_MS.length - 1)];
        failures += 1;
        reopenTimer = setTimeout(open, delay);
      };
    };

    // Counted in ticks, not clock time: a tablet whose clock jumps must not drop a healthy stream.
    const watchdog = setInterval(() => {
      quietTicks += 1;
      // A closed source is re-opened by its timer; an open or connecting one must speak in time.
      if (!source || source.readyState === EventSource.CLOSED) return;
      if (quietTicks * WATCHDOG_TICK_MS <= everyMs * SILENT_AFTER_PERIODS) return;
      // Silent for too long: dead without knowing it (or stuck connecting). Down since the last word.
      source.close();
      goneDown(lastMessageAt);
      open();
    }, WATCHDOG_TICK_MS);

    // The browser knows before any timeout when the network went away, or came back.
    const onOffline = () => {
      source?.close();
      clearTimeout(reopenTimer);
      goneDown(Date.now());
      open(); // fails while offline; EventSource then keeps retrying by itself
    };
    const onOnline = () => {
      if (source?.readyState === EventSource.OPEN) return;
      source?.close();
      clearTimeout(reopenTimer);
      open();
    };
    window.addEventListener("offline", onOffline);
    window.addEventListener("online", onOnline);

    // In a task of its own: this effect runs in hydration's last task, and starting a request costs
    // the browser milliseconds of main thread (8–10 ms measured for a board's first ones).
    reopenTimer = setTimeout(open, 0);
    return () => {
      window.removeEventListener("offline", onOffline);
      window.removeEventListener("online", onOnline);
      clearInterval(watchdog);
      clearTimeout(reopenTimer);
      source?.close();
    };
  }, [snapshotLoaded, queryClient]);

  return { ...link, status };
}
