"use client";

import { useSyncExternalStore } from "react";
import { useServedAt } from "./served-at";

/** Card ages are shown in whole minutes; a 15 s tick keeps them at most a quarter-minute late. */
const TICK_MS = 15_000;
const FIRST_TICK_MS = 1_000;

// One shared clock for every card, so ages change together and there is one timer, not one per card.
// Null until its first tick: until then every reader shows the time the page started from.
let now: number | null = null;
const loadedAt = Date.now();
let timer: ReturnType<typeof setInterval> | undefined;
let firstTick: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function tick(): void {
  now = Date.now();
  for (const notify of listeners) notify();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (timer === undefined) {
    // The move from the page's time to the tablet's re-renders every card: a second after they
    // mount, once the page has painted and settled. A snapshot that differed from the server's at
    // once would re-render them synchronously inside hydration's last task, one long task more.
    firstTick = setTimeout(tick, FIRST_TICK_MS);
    timer = setInterval(tick, TICK_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      clearTimeout(firstTick);
      clearInterval(timer);
      timer = undefined;
      now = null; // a board opened later starts from its own page's time
    }
  };
}

/**
 * The current time in ms, re-rendering the caller every ~15 s. On the server and while hydrating,
 * the time the page was served (served-at.tsx), so both render the same text; the browser's clock
 * from a second later.
 */
export function useNow(): number {
  const startedAt = useServedAt() ?? loadedAt;
  return useSyncExternalStore(
    subscribe,
    () => now ?? startedAt,
    () => startedAt,
  );
}
