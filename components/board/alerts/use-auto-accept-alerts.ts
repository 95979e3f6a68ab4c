"use client";

import { useQueries } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { autoPrintOnce } from "@/components/print/print-request";
import type { BoardOrder } from "@/lib/contract/board";
import type { AutoAcceptSettings } from "@/lib/contract/merchant-state";
import { awaitingAutoAccept } from "@/lib/orders/auto-accept-rule";
import { autoAcceptedIds, newlyAutoAccepted } from "./auto-accept-alerts";
import type { SoundEngine } from "./sound-engine";
import { merchantStateQuery } from "../controls/use-merchant-controls";

/** Chimes for several orders accepted together follow each other, not on top of each other. */
const CHIME_GAP_MS = 1_200;

/**
 * Auto-accept on the board: a new order the store's auto-accept is about to confirm does not
 * start the new-order alarm (for a grace period; then it rings like any other), and each order it
 * confirms chimes once and prints once on a device that prints on confirm. Returns the orders the
 * alarm leaves out.
 */
export function useAutoAcceptAlerts({
  orders,
  storeIds,
  now,
  engine,
  audible,
}: {
  orders: readonly BoardOrder[] | undefined;
  storeIds: readonly string[];
  now: number;
  engine: SoundEngine;
  /** The shift has started (sound unlocked, alarms on). */
  audible: boolean;
}): ReadonlySet<string> {
  const states = useQueries({ queries: storeIds.map((id) => merchantStateQuery(id)) });
  const settings = new Map<string, AutoAcceptSettings | null>(
    storeIds.map((id, index) => [id, states[index]?.data?.autoAccept ?? null]),
  );

  // Compared with the last view seen (React's "previous value" pattern, no effect).
  const [seen, setSeen] = useState<readonly BoardOrder[] | undefined>(undefined);
  const [accepted, setAccepted] = useState<ReadonlySet<string> | null>(null);
  const [fresh, setFresh] = useState<{ ids: string[] }>({ ids: [] });
  if (orders && orders !== seen) {
    setSeen(orders);
    setAccepted(autoAcceptedIds(orders));
    const ids = newlyAutoAccepted(accepted, orders, now);
    if (ids.length > 0) setFresh({ ids });
  }

  useEffect(() => {
    const timers = fresh.ids.map((id, index) =>
      setTimeout(() => {
        if (audible) engine.chime("new");
        void autoPrintOnce(id);
      }, index * CHIME_GAP_MS),
    );
    return () => timers.forEach(clearTimeout);
    // Once per batch of newly accepted orders; `audible` is read as it is then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fresh, engine]);

  return awaitingAutoAccept(settings, orders ?? [], now);
}
