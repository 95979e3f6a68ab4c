import { useSearchParams } from "next/navigation";
import { deviceSetting, useDeviceSetting } from "@/components/device/device-setting";
import type { BoardStore } from "@/lib/contract/board";

/**
 * What this tablet shows (issue 27 points 7, 8): the whole board, one station's part of each
 * order, or expo. Per device, like the keys (a tablet hangs over one station), in localStorage;
 * `?station=3` or `?station=expo` in the URL wins, so a link opens a station's view directly.
 */
export type StationChoice = { kind: "all" } | { kind: "expo" } | { kind: "station"; id: number; name: string };

const stationSetting = deviceSetting("comanda.boardStation");

export function writeStationChoice(value: string | null): void {
  stationSetting.write(value && value !== "all" ? value : null);
}

/** The stations of the viewer's stores, in order (none: the board is one kitchen). */
export function stationsOf(stores: readonly BoardStore[] | undefined): Array<{ id: number; name: string }> {
  return (stores ?? []).flatMap((store) => store.stations ?? []);
}

/** The choice in force: a station that no longer exists (or none defined) is the whole board. */
export function useStationChoice(stores: readonly BoardStore[] | undefined): StationChoice {
  const stored = useDeviceSetting(stationSetting);
  const asked = useSearchParams().get("station") ?? stored;
  const stations = stationsOf(stores);
  if (stations.length === 0 || !asked) return { kind: "all" };
  if (asked === "expo") return { kind: "expo" };
  const station = stations.find((candidate) => String(candidate.id) === asked);
  return station ? { kind: "station", ...station } : { kind: "all" };
}
