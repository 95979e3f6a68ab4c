import { useSyncExternalStore } from "react";

/**
 * Who confirmed an order from this browser, from the confirm's answer: the card shows it ("Confirmed
 * by Ana"), in whichever lane it moved to. A small store of its own rather than a query per card
 * (300 cards were 300 queries in the cache and 300 observers); the last 200 are kept.
 */
const KEPT = 200;
const names = new Map<string, string | null>();
const listeners = new Set<() => void>();

export function rememberConfirmedBy(orderId: string, name: string | null): void {
  names.delete(orderId);
  names.set(orderId, name);
  if (names.size > KEPT) names.delete(names.keys().next().value!);
  for (const notify of listeners) notify();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The name the confirm of `orderId` from this browser was recorded for; null when none (or not known). */
export function useConfirmedBy(orderId: string): string | null {
  return useSyncExternalStore(
    subscribe,
    () => names.get(orderId) ?? null,
    () => null,
  );
}
