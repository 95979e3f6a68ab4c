"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { controlClass } from "@/components/ui/field";
import { writeStationChoice, type StationChoice } from "./station-choice";

/**
 * "Setor deste tablet": the whole board, one station or expo. Remembered on this device; a
 * station in the URL is dropped from it when the cook picks another, so the pick holds.
 */
export function StationPicker({
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
    <label className="flex items-center gap-2 text-base">
      <span className="max-lg:sr-only">{t("picker")}</span>
      <select
        className={controlClass("md", "min-h-11 py-0")}
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
