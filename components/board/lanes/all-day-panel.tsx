import { useTranslations } from "next-intl";
import type { AllDayLine } from "@/lib/orders/all-day";

export const ALL_DAY_PANEL_ID = "all-day-panel";

/** What the kitchen has to make right now, added up across the orders in preparation. */
export function AllDayPanel({ lines }: { lines: AllDayLine[] }) {
  const t = useTranslations("lanes.allDay");
  return (
    <aside
      id={ALL_DAY_PANEL_ID}
      aria-labelledby="all-day-heading"
      className="flex flex-col rounded-xl border-t-4 border-preparing bg-zinc-900 md:min-h-0 md:w-64 md:shrink-0"
    >
      <header className="px-3 pt-3 pb-2">
        <h2 id="all-day-heading" className="text-xl font-bold">
          {t("title")}
        </h2>
        <p className="text-base text-zinc-400">{t("hint")}</p>
      </header>
      {lines.length === 0 ? (
        <p className="m-3 rounded-lg border-2 border-dashed border-zinc-700 p-4 text-center text-lg text-zinc-400">
          {t("empty")}
        </p>
      ) : (
        <ul className="flex flex-col gap-2 overflow-y-auto p-2 md:min-h-0" aria-labelledby="all-day-heading">
          {lines.map((line) => (
            <li
              key={`${line.name}:${line.options.map((o) => `${o.quantity}${o.name}`).join("|")}`}
              className="rounded-lg bg-zinc-800 px-3 py-2"
            >
              <p className="flex gap-2 text-xl font-bold">
                <span className="text-preparing tabular-nums">{line.quantity}×</span>
                <span className="break-words">{line.name}</span>
              </p>
              {line.options.length > 0 && (
                <p className="ml-8 text-lg text-zinc-200">
                  {line.options.map((option) => `${option.quantity}× ${option.name}`).join(" · ")}
                </p>
              )}
              <p className="ml-8 text-base text-zinc-400">{t("orders", { ids: line.orders.join(", ") })}</p>
            </li>
          ))}
        </ul>
      )}
    </aside>
  );
}
