"use client";

import { useEffect, useState } from "react";

export type WakeLockState = "unsupported" | "held" | "released";

/**
 * Keeps the screen on while the board is open (Screen Wake Lock API). The browser releases the
 * lock whenever the page is hidden (another app, screen locked), so it is asked for again each
 * time the page becomes visible. Unsupported or refused (e.g. low battery): the board still works,
 * and the settings say the screen may turn off.
 */
export function useWakeLock(): WakeLockState {
  const [state, setState] = useState<WakeLockState>("released");

  useEffect(() => {
    if (!("wakeLock" in navigator)) {
      // Known only in the browser; the server renders "released".
      queueMicrotask(() => setState("unsupported"));
      return;
    }
    let sentinel: WakeLockSentinel | null = null;
    let stopped = false;

    const acquire = async () => {
      if (document.visibilityState !== "visible" || (sentinel && !sentinel.released)) return;
      try {
        const lock = await navigator.wakeLock.request("screen");
        if (stopped) {
          void lock.release();
          return;
        }
        sentinel = lock;
        setState("held");
        lock.addEventListener("release", () => setState("released"));
      } catch {
        setState("released");
      }
    };
    const onVisibility = () => void acquire();

    void acquire();
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      stopped = true;
      document.removeEventListener("visibilitychange", onVisibility);
      void sentinel?.release();
    };
  }, []);

  return state;
}
