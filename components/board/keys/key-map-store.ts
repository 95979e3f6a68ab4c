import { useSyncExternalStore } from "react";
import { DEFAULT_KEY_MAP, parseKeyMap, type KeyMap } from "./key-map";

/** Per device, like printing on confirm: a bump bar is plugged into one tablet, not the store. */
const STORAGE_KEY = "comanda.boardKeys";

let cached: { raw: string | null; map: KeyMap } | null = null;
const listeners = new Set<() => void>();

function read(): KeyMap {
  let raw: string | null = null;
  try {
    raw = window.localStorage.getItem(STORAGE_KEY);
  } catch {
    // Storage blocked (private mode): the default keys.
  }
  // The same object while the stored text is: useSyncExternalStore compares snapshots by identity.
  if (!cached || cached.raw !== raw) cached = { raw, map: parseKeyMap(raw) };
  return cached.map;
}

export function writeKeyMap(map: KeyMap | null): void {
  try {
    if (map) window.localStorage.setItem(STORAGE_KEY, JSON.stringify(map));
    else window.localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Not remembered past this page; nothing else to do.
  }
  for (const notify of listeners) notify();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab of this device changed it (the settings open in one, the board in another).
  window.addEventListener("storage", listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", listener);
  };
}

export function useKeyMap(): KeyMap {
  return useSyncExternalStore(subscribe, read, () => DEFAULT_KEY_MAP);
}
