"use client";

import { useEffect, useState } from "react";
import { useServedAt } from "./served-at";

/** The current time (ms), re-rendering the caller every second: for countdowns and "N s ago". */
export function useSecondClock(): number {
  const servedAt = useServedAt();
  // Rendered on the server and hydrated at the time the page was served (served-at.tsx); the
  // tablet's own time from the first tick.
  const [now, setNow] = useState(() => servedAt ?? Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}
