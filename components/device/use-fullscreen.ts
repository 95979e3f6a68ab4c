"use client";

import { useSyncExternalStore } from "react";

function subscribe(listener: () => void) {
  document.addEventListener("fullscreenchange", listener);
  return () => document.removeEventListener("fullscreenchange", listener);
}

/**
 * Whether the page is full screen, and a toggle. `supported` is false on the server and where the
 * Fullscreen API is missing (iPhone Safari: there, "Add to Home Screen" gives a standalone app).
 */
export function useFullscreen() {
  const supported = useSyncExternalStore(
    subscribe,
    () => document.fullscreenEnabled === true,
    () => false,
  );
  const active = useSyncExternalStore(
    subscribe,
    () => document.fullscreenElement !== null,
    () => false,
  );
  const toggle = () => {
    const change = document.fullscreenElement
      ? document.exitFullscreen()
      : document.documentElement.requestFullscreen({ navigationUI: "hide" });
    // Refused (no user gesture, policy): nothing changes, and the button keeps its label.
    void change.catch(() => undefined);
  };
  return { supported, active, toggle };
}
