import { useCallback, useMemo, useSyncExternalStore } from "react";
import { parseStoredFilter, type ChannelFilter } from "./channel-filter";

/** Per tablet: the kitchen of one platform's counter filters there only. */
const STORAGE_KEY = "comanda.channelFilter";
const listeners = new Set<() => void>();
/** Where the filter lives when the storage is blocked (private mode): this tab, until it reloads. */
let inMemory: string | null = null;

function read(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEY);
  } catch {
    return inMemory;
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab of the same tablet changed it.
  const onStorage = (event: StorageEvent) => event.key === STORAGE_KEY && listener();
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

/**
 * The tablet's channel filter, remembered in its storage. The server's render (and hydration)
 * shows every channel: it cannot know the tablet's choice, and must render what the server did.
 */
export function useChannelFilter(): [ChannelFilter, (next: ChannelFilter) => void] {
  const raw = useSyncExternalStore(subscribe, read, () => null);
  const set = useCallback((next: ChannelFilter) => {
    inMemory = next ? JSON.stringify(next) : null;
    try {
      if (inMemory) window.localStorage.setItem(STORAGE_KEY, inMemory);
      else window.localStorage.removeItem(STORAGE_KEY);
    } catch {
      // Not remembered beyond this tab (read() falls back to inMemory).
    }
    for (const listener of listeners) listener();
  }, []);
  // One array per stored value: the filtered lanes are cached by the filter's identity.
  const filter = useMemo(() => parseStoredFilter(raw), [raw]);
  return [filter, set];
}
