import { useSyncExternalStore } from "react";
import { apiRequest } from "@/lib/contract/client";
import { autoPrintClaimShape } from "@/lib/contract/board-shape";

/**
 * Which order's ticket to print now, shared by whoever asks (the details' Print button, the
 * auto-print after a confirm) and the one TicketPrinter on the page. A tiny store rather than a
 * React context: confirm callbacks live in mutations, outside any component tree we control.
 */
let pending: { orderId: string; requestId: number } | null = null;
/** The request has reached window.print(): a newer one may replace it. */
let handedOver = false;
/** Asked for while another ticket was still being laid out (two orders auto-accepted at once). */
const waiting: string[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

function start(orderId: string) {
  pending = { orderId, requestId: nextId++ };
  handedOver = false;
  emit();
}

export function requestPrint(orderId: string): void {
  // Replacing a ticket still being laid out would lose it: it waits its turn instead.
  if (pending && !handedOver) waiting.push(orderId);
  else start(orderId);
}

/** The printer called window.print() for this request (which returns once the dialog is done). */
export function handedToPrinter(requestId: number): void {
  if (pending?.requestId !== requestId) return;
  handedOver = true;
  const next = waiting.shift();
  if (next) start(next);
}

export function finishPrint(requestId: number): void {
  if (pending?.requestId !== requestId) return;
  pending = null;
  const next = waiting.shift();
  if (next) start(next);
  else emit();
}

/** The request the printer works on now (what usePrintRequest gives a component). */
export function currentPrintRequest(): { orderId: string; requestId: number } | null {
  return pending;
}

export function usePrintRequest() {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    currentPrintRequest,
    () => null,
  );
}

const AUTO_PRINT_KEY = "comanda.autoPrint";

/** Per device: a kitchen with a printer next to one tablet turns it on there only. */
export function readAutoPrint(): boolean {
  try {
    return window.localStorage.getItem(AUTO_PRINT_KEY) === "on";
  } catch {
    return false; // storage blocked (private mode): the setting simply stays off
  }
}

export function writeAutoPrint(on: boolean): void {
  try {
    if (on) window.localStorage.setItem(AUTO_PRINT_KEY, "on");
    else window.localStorage.removeItem(AUTO_PRINT_KEY);
  } catch {
    // Not remembered; nothing else to do.
  }
}

/** Called when this device confirmed an order: prints its ticket if the device asks for it. */
export function printIfAutoPrint(orderId: string): void {
  if (readAutoPrint()) requestPrint(orderId);
}

const AUTO_PRINTED_KEY = "comanda.autoPrinted";
/** How many auto-printed order ids a device remembers (a busy day's worth). */
const AUTO_PRINTED_KEPT = 300;

/**
 * Claims an auto-accepted order's ticket for this device, in `storage`: true the first time only.
 * Exported for tests; boards call claimAutoPrint.
 */
export function claimIn(storage: Pick<Storage, "getItem" | "setItem">, orderId: string): boolean {
  let printed: unknown = [];
  try {
    printed = JSON.parse(storage.getItem(AUTO_PRINTED_KEY) ?? "[]");
  } catch {
    printed = [];
  }
  const list = Array.isArray(printed) ? printed.filter((id): id is string => typeof id === "string") : [];
  if (list.includes(orderId)) return false;
  try {
    storage.setItem(AUTO_PRINTED_KEY, JSON.stringify([...list, orderId].slice(-AUTO_PRINTED_KEPT)));
  } catch {
    // Not remembered (storage full or blocked): this tab still prints it once.
  }
  return true;
}

/**
 * How long the tab that claimed an order keeps the order's lock: far past the other tabs' asks for
 * it (they see the same change within milliseconds) and past the time its list takes to reach them.
 */
const CLAIM_HELD_MS = 10_000;

/**
 * An auto-accepted order prints once per device however many of its tabs show the board. The
 * device's list of printed orders is in localStorage, which each tab reads from its own copy:
 * another tab's write reaches it a moment later, so two tabs claiming one after the other under
 * one lock could both find the order unclaimed (CI saw a device ask the server twice). The first
 * tab therefore takes the order's own Web Lock and keeps it a while; a tab that finds it taken does
 * not claim. A tab that comes later (a reload, a new tab) finds the order in the list.
 */
export async function claimAutoPrint(orderId: string): Promise<boolean> {
  let storage: Storage;
  try {
    storage = window.localStorage;
  } catch {
    return true; // no storage: no other tab can know either; print here
  }
  const locks = typeof navigator !== "undefined" ? navigator.locks : undefined;
  if (!locks) return claimIn(storage, orderId);
  return new Promise<boolean>((resolve) => {
    locks
      .request(`${AUTO_PRINTED_KEY}:${orderId}`, { ifAvailable: true }, (lock) => {
        if (!lock) return resolve(false);
        resolve(claimIn(storage, orderId));
        return new Promise<void>((release) => setTimeout(release, CLAIM_HELD_MS));
      })
      .catch(() => resolve(claimIn(storage, orderId)));
  });
}

/**
 * An order auto-accept confirmed: its ticket prints if this device prints on confirm — once on
 * this device (claimAutoPrint), and once among every board (the server grants the first ask).
 */
export async function autoPrintOnce(orderId: string): Promise<void> {
  if (!readAutoPrint() || !(await claimAutoPrint(orderId))) return;
  const claim = await apiRequest(autoPrintClaimShape, `/api/orders/${encodeURIComponent(orderId)}/auto-print`, {
    method: "POST",
    body: {},
  }).catch(() => null);
  // No answer (the server down): nobody else can be told either; printing here is the safer side.
  if (claim === null || claim.print) requestPrint(orderId);
}
