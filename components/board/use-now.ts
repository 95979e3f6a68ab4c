"use client";

import { useSyncExternalStore } from "react";
import { useServedAt } from "./served-at";

/** Card ages are shown in whole minutes; a 15 s tick keeps them at most a quarter-minute late. */
const TICK_MS = 15_000;

// One shared clock for every card, so ages change together and there is one timer, not one per card.
let now = Date.now();
let timer: ReturnType<typeof setInterval> | undefined;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (timer === undefined) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      for (const notify of listeners) notify();
    }, TICK_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

function getSnapshot(): number {
  return now;
}

/**
 * The current time in ms, re-rendering the caller every ~15 s. On the server and while hydrating,
 * the time the page was served (served-at.tsx), so both render the same text.
 */
export function useNow(): number {
  const servedAt = useServedAt();
  return useSyncExternalStore(subscribe, getSnapshot, () => servedAt ?? now);
}
