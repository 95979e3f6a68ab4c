import { useSyncExternalStore } from "react";

/**
 * A setting of this device (this tablet), kept in localStorage as text: the bump bar's keys, the
 * station a tablet hangs over. Per device rather than per store, since each tablet has its own.
 * Every component reading it re-renders when it is written, here or in another tab of the device.
 */
export interface DeviceSetting {
  /** The stored text; null when unset or when storage is blocked (private mode). */
  read(): string | null;
  /** Stores the text (null: forgets it) and tells every reader. Blocked storage: this page only. */
  write(value: string | null): void;
  subscribe(listener: () => void): () => void;
}

export function deviceSetting(storageKey: string): DeviceSetting {
  const listeners = new Set<() => void>();
  return {
    read() {
      try {
        return window.localStorage.getItem(storageKey);
      } catch {
        return null;
      }
    },
    write(value) {
      try {
        if (value === null) window.localStorage.removeItem(storageKey);
        else window.localStorage.setItem(storageKey, value);
      } catch {
        // Not remembered past this page; nothing else to do.
      }
      for (const notify of listeners) notify();
    },
    subscribe(listener) {
      listeners.add(listener);
      // Another tab of this device changed it (the settings open in one, the board in another).
      window.addEventListener("storage", listener);
      return () => {
        listeners.delete(listener);
        window.removeEventListener("storage", listener);
      };
    },
  };
}

/** The setting's stored text (null on the server, and until set). */
export function useDeviceSetting(setting: DeviceSetting): string | null {
  return useSyncExternalStore(setting.subscribe, setting.read, () => null);
}
