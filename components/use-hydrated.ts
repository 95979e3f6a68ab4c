import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/** False on the server and while React hydrates the page, true after: for what only the browser renders. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
