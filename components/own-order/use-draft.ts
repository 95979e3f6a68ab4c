"use client";

import { useEffect, useState } from "react";
import { newDraft, type Draft } from "./draft";

// The draft lives in this device's localStorage, one per restaurant: a reload, a crash or a lost
// connection keeps it (with its idempotency key). Another tablet has its own, so two people
// taking orders for the same customer make two orders.

const KEY = "comanda.ownOrder.draft";
const CITY_KEY = "comanda.ownOrder.city";

function read(storeId: string): Draft | null {
  try {
    const text = localStorage.getItem(`${KEY}.${storeId}`);
    const draft = text ? (JSON.parse(text) as Draft) : null;
    return draft && typeof draft.idempotencyKey === "string" && Array.isArray(draft.lines) ? draft : null;
  } catch {
    return null;
  }
}

function lastCity(): string {
  try {
    return localStorage.getItem(CITY_KEY) ?? "";
  } catch {
    return "";
  }
}

/** A new order: the city this device last sent, else the restaurant's own (most deliveries stay in town). */
function fresh(defaultCity: string): Draft {
  return newDraft(() => crypto.randomUUID(), lastCity() || defaultCity);
}

/**
 * The form's draft. With `editing` (an order already on the board, ./draft.ts draftFrom) it starts
 * from that order and stays in memory: the device's kept draft is the next new order's.
 */
export function useDraft(storeId: string, defaultCity: string, editing?: () => Draft) {
  const [draft, setDraft] = useState<Draft>(() => editing?.() ?? read(storeId) ?? fresh(defaultCity));
  const [shownStore, setShownStore] = useState(storeId);
  if (shownStore !== storeId) {
    setShownStore(storeId);
    setDraft(read(storeId) ?? fresh(defaultCity));
  }
  const kept = editing === undefined;
  useEffect(() => {
    if (!kept) return;
    try {
      localStorage.setItem(`${KEY}.${storeId}`, JSON.stringify(draft));
    } catch {
      // A full or refused storage: the form still works, the draft only lives in memory.
    }
  }, [draft, storeId, kept]);
  return {
    draft,
    update: (change: Partial<Draft> | ((draft: Draft) => Partial<Draft>)) =>
      setDraft((current) => ({ ...current, ...(typeof change === "function" ? change(current) : change) })),
    /** After a successful send (or a discard): a new order with a new key; the city remembered. */
    reset: () => {
      if (!kept) return;
      try {
        // Now, not in the saving effect: after a send the dialog closes in the same render, and
        // an unmounted form's effect never runs — the sent order would come back as the draft.
        localStorage.removeItem(`${KEY}.${storeId}`);
        if (draft.address.city.trim()) localStorage.setItem(CITY_KEY, draft.address.city.trim());
      } catch {
        // Only a convenience.
      }
      setDraft(fresh(defaultCity));
    },
  };
}
