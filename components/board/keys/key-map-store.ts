import { useSyncExternalStore } from "react";
import { deviceSetting } from "@/components/device/device-setting";
import { DEFAULT_KEY_MAP, parseKeyMap, type KeyMap } from "./key-map";

/** Per device, like printing on confirm: a bump bar is plugged into one tablet, not the store. */
const keysSetting = deviceSetting("comanda.boardKeys");

let cached: { raw: string | null; map: KeyMap } | null = null;

function read(): KeyMap {
  const raw = keysSetting.read();
  // The same object while the stored text is: useSyncExternalStore compares snapshots by identity.
  if (!cached || cached.raw !== raw) cached = { raw, map: parseKeyMap(raw) };
  return cached.map;
}

export function writeKeyMap(map: KeyMap | null): void {
  keysSetting.write(map ? JSON.stringify(map) : null);
}

export function useKeyMap(): KeyMap {
  return useSyncExternalStore(keysSetting.subscribe, read, () => DEFAULT_KEY_MAP);
}
