"use client";

import { useEffect, useState } from "react";

/** The current time (ms), re-rendering the caller every second: for countdowns and "N s ago". */
export function useSecondClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}
