"use client";

import { lazy, Suspense, type ComponentType } from "react";

/**
 * A component whose code loads the first time it renders, showing nothing meanwhile: for what a
 * page's first paint does not need (the board's order details, keypad, settings and printer;
 * issue 13's first-load budget). React's own lazy rather than next/dynamic, whose client code
 * would add ~2.5 kB gzip to the very first load it is meant to shrink.
 */
export function loadOnRender<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Lazy = lazy(() => load().then((component) => ({ default: component })));
  return function LoadOnRender(props: P) {
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  };
}
