import { useSyncExternalStore } from "react";
import type { BoardColumn } from "@/lib/contract/board";

/** How long a bump can be undone from the board's undo bar (issue 27). */
export const UNDO_MS = 10_000;

/**
 * A bump this tablet made: undone by recalling the card from the column it reached, or, for a
 * station's own bump (`station`), by taking back the marks that bump made.
 */
export interface Bump {
  orderId: string;
  displayId: string;
  /** Where the bump put the card: the recall's `from`. */
  to: BoardColumn;
  at: number;
  /** A station's bump of its part: which station, and the bump's time that names it to the server. */
  station?: { id: number; name: string; bumpedAt: string };
}

/** The last bumps of this tab (at most 3 are offered), newest last. A small store, not a query. */
let bumps: readonly Bump[] = [];
const listeners = new Set<() => void>();
const EMPTY: readonly Bump[] = [];

function set(next: readonly Bump[]): void {
  bumps = next;
  for (const notify of listeners) notify();
}

export function rememberBump(bump: Bump): void {
  set([...bumps.filter((known) => known.orderId !== bump.orderId), bump].slice(-3));
  // Forgotten when its time is up (the bar hides it then anyway; this keeps the list short).
  setTimeout(() => forgetBump(bump.orderId, bump.at), UNDO_MS);
}

export function forgetBump(orderId: string, at?: number): void {
  if (bumps.some((bump) => bump.orderId === orderId && (at === undefined || bump.at === at)))
    set(bumps.filter((bump) => !(bump.orderId === orderId && (at === undefined || bump.at === at))));
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useBumps(): readonly Bump[] {
  return useSyncExternalStore(
    subscribe,
    () => bumps,
    () => EMPTY,
  );
}
