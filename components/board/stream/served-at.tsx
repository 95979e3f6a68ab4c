"use client";

import { createContext, useContext, type ReactNode } from "react";

const ServedAtContext = createContext<number | null>(null);

/**
 * The moment the server rendered the page (ms). The board's clocks start from it while the page
 * hydrates, so the browser's first render says the same "4 min" the server's HTML says (a different
 * text would make React throw the server's HTML away); they tick on from the browser's own clock.
 */
export function ServedAt({ at, children }: { at: number; children: ReactNode }) {
  return <ServedAtContext value={at}>{children}</ServedAtContext>;
}

/** When the page was served; null outside a page that says (its clocks start from the browser's). */
export function useServedAt(): number | null {
  return useContext(ServedAtContext);
}
