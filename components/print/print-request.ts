import { useSyncExternalStore } from "react";

/**
 * Which order's ticket to print now, shared by whoever asks (the details' Print button, the
 * auto-print after a confirm) and the one TicketPrinter on the page. A tiny store rather than a
 * React context: confirm callbacks live in mutations, outside any component tree we control.
 */
let pending: { orderId: string; requestId: number } | null = null;
let nextId = 1;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

export function requestPrint(orderId: string): void {
  pending = { orderId, requestId: nextId++ };
  emit();
}

export function finishPrint(requestId: number): void {
  if (pending?.requestId !== requestId) return;
  pending = null;
  emit();
}

export function usePrintRequest() {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => pending,
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
