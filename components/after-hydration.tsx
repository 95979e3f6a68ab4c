"use client";

import { useSyncExternalStore, type ReactNode } from "react";

const subscribe = () => () => {};

/**
 * With `defer`, `children` render only in the browser once the page is hydrated; `fallback` on the
 * server and while hydrating. A component of its own, so the re-render when hydration ends is
 * its alone (its parent and the children it was given are not rendered again).
 */
export function AfterHydration({
  defer,
  fallback,
  children,
}: {
  defer: boolean;
  fallback: ReactNode;
  children: ReactNode;
}) {
  const hydrated = useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
  return defer && !hydrated ? fallback : children;
}
