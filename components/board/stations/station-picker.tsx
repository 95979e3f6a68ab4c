"use client";

import { useQuery } from "@tanstack/react-query";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { controlClass } from "@/components/ui/field";
import { boardQueryOptions } from "../stream/board-query";
import { stationsOf, useStationChoice, writeStationChoice, type StationChoice } from "./station-choice";

/**
 * In the tablet's settings (the gear), on the board: the stations come from the board's own
 * cached snapshot (never fetched from here). Nothing to pick while the store has no stations.
 */
export function BoardStationSetting() {
  const stores = useQuery({ ...boardQueryOptions, enabled: false }).data?.stores;
  const choice = useStationChoice(stores);
  return <StationPicker stations={stationsOf(stores)} choice={choice} />;
}

/**
 * "Setor deste tablet": the whole board, one station or expo. Remembered on this device; a
 * station in the URL is dropped from it when the cook picks another, so the pick holds.
 */
function StationPicker({
  stations,
  choice,
}: {
  stations: ReadonlyArray<{ id: number; name: string }>;
  choice: StationChoice;
}) {
  const t = useTranslations("stations");
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  if (stations.length === 0) return null;
  const value = choice.kind === "station" ? String(choice.id) : choice.kind;
  return (
    <label className="flex flex-col gap-2">
      <span className="font-semibold">{t("picker")}</span>
      <select
        className={controlClass("md")}
        value={value}
        onChange={(event) => {
          writeStationChoice(event.target.value);
          if (params.has("station")) {
            const next = new URLSearchParams(params);
            next.delete("station");
            router.replace(next.size ? `${pathname}?${next}` : pathname);
          }
        }}
      >
        <option value="all">{t("all")}</option>
        {stations.map((station) => (
          <option key={station.id} value={String(station.id)}>
            {station.name}
          </option>
        ))}
        <option value="expo">{t("expoTitle")}</option>
      </select>
    </label>
  );
}
