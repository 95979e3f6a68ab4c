"use client";

import { useSearchParams } from "next/navigation";
import { useCallback, useEffect, useRef } from "react";

/** The query parameter that names the order whose details are open: /board?order=<id>. */
export const OPEN_ORDER_PARAM = "order";

function urlWith(orderId: string | null): string {
  const url = new URL(window.location.href);
  if (orderId === null) url.searchParams.delete(OPEN_ORDER_PARAM);
  else url.searchParams.set(OPEN_ORDER_PARAM, orderId);
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * The order whose details are open lives in the URL, so a reload keeps it and a link shares it.
 * Opening pushes a history entry: the tablet's Back closes the dialog instead of leaving the board.
 * Closing goes back over that entry; when there is none of ours (the page was loaded or reloaded
 * with the order in its URL) it replaces the URL instead, so closing never leaves the board.
 * Next.js syncs useSearchParams with history.pushState, replaceState and popstate.
 */
export function useOpenOrder(): { openOrderId: string | null; open: (id: string) => void; close: () => void } {
  const openOrderId = useSearchParams().get(OPEN_ORDER_PARAM);
  // Whether the entry with the open order is one this page pushed (Back would then stay on the board).
  const pushed = useRef(false);
  // Read through a ref, so open and close stay the same functions while orders come and go: every
  // card takes `open`, and a new one each render would re-render all 300 cards on each change.
  const current = useRef(openOrderId);
  useEffect(() => {
    current.current = openOrderId;
  }, [openOrderId]);

  const open = useCallback((id: string) => {
    if (id === current.current) return;
    if (current.current !== null && pushed.current) {
      // From one order straight to another: one entry for "details open", not one per order.
      window.history.replaceState(window.history.state, "", urlWith(id));
      return;
    }
    window.history.pushState(null, "", urlWith(id));
    pushed.current = true;
  }, []);

  const close = useCallback(() => {
    if (current.current === null) return;
    if (pushed.current) {
      pushed.current = false;
      window.history.back();
    } else {
      window.history.replaceState(window.history.state, "", urlWith(null));
    }
  }, []);

  return { openOrderId, open, close };
}
