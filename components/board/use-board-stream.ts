"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import type { BoardSnapshot } from "@/lib/orders/types";
import { applyOrderChange, BOARD_QUERY_KEY, isBoardOrder } from "./board-cache";

export type StreamState = "connecting" | "live" | "reconnecting";

/** Backoff for re-opening a stream the browser gave up on (it retries by itself otherwise). */
const REOPEN_DELAYS_MS = [1_000, 2_000, 5_000, 10_000, 30_000];

/**
 * Keeps the board's cache current from the server's SSE stream, once the snapshot is loaded.
 *
 * EventSource reconnects by itself after a dropped connection and sends Last-Event-ID, so the
 * server replays what was missed. It gives up for good only when the server answers with an
 * error status; then we open a new one, asking for changes after the newest seq we hold.
 */
export function useBoardStream(snapshotLoaded: boolean): StreamState {
  const queryClient = useQueryClient();
  const [state, setState] = useState<StreamState>("connecting");

  useEffect(() => {
    if (!snapshotLoaded) return;
    let source: EventSource | undefined;
    let reopenTimer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;

    const onOrder = (event: MessageEvent<string>) => {
      let order: unknown;
      try {
        order = JSON.parse(event.data);
      } catch {
        return; // A malformed message must not take the board down; the next change repairs it.
      }
      if (!isBoardOrder(order)) return;
      queryClient.setQueryData<BoardSnapshot>(BOARD_QUERY_KEY, (snapshot) =>
        snapshot ? applyOrderChange(snapshot, order) : snapshot,
      );
    };

    const open = () => {
      const after = queryClient.getQueryData<BoardSnapshot>(BOARD_QUERY_KEY)?.lastSeq ?? 0;
      const current = new EventSource(`/api/board/stream?after=${after}`);
      source = current;
      current.addEventListener("order", onOrder);
      current.onopen = () => {
        failures = 0;
        setState("live");
      };
      current.onerror = () => {
        setState("reconnecting");
        if (current.readyState !== EventSource.CLOSED) return;
        const delay = REOPEN_DELAYS_MS[Math.min(failures, REOPEN_DELAYS_MS.length - 1)];
        failures += 1;
        reopenTimer = setTimeout(open, delay);
      };
    };

    open();
    return () => {
      clearTimeout(reopenTimer);
      source?.close();
    };
  }, [snapshotLoaded, queryClient]);

  return state;
}
