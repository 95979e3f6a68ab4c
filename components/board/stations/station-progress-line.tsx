import { useTranslations } from "next-intl";
import type { BoardOrder } from "@/lib/contract/board";

/** "Forno 1/1 ✓ · Bebidas 0/1": each station's part of the order on one line (a word, not colour alone). */
export function StationProgressLine({ order, except }: { order: BoardOrder; except?: number }) {
  const t = useTranslations("stations");
  const stations = (order.stationProgress ?? []).filter((station) => station.id !== except);
  if (stations.length === 0) return null;
  return (
    <p className="text-sm text-zinc-300" data-station-progress>
      {stations.map((station, index) => {
        const done = station.done >= station.lines;
        return (
          <span key={station.id} className={done ? "font-semibold text-ready" : ""}>
            {index > 0 && " · "}
            {t("progress", { name: station.name, done: String(station.done), lines: String(station.lines) })}
            {done && <span> ✓</span>}
          </span>
        );
      })}
    </p>
  );
}
