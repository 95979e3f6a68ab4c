import { useFormatter, useLocale, useTranslations } from "next-intl";
import type { PeriodSummary } from "@/lib/reports/types";
import { money } from "./report-format";

/** A chain's stores side by side for the period: a plain table (light, readable, sortable by eye). */
export function StoreComparison({
  stores,
  currency,
}: {
  stores: Array<{ id: string; name: string; summary: PeriodSummary }>;
  currency: string;
}) {
  const t = useTranslations("reportsMore");
  const locale = useLocale();
  const format = useFormatter();
  const cash = (value: number) => money(locale, currency, value);
  const minutes = (seconds: number | null) =>
    seconds === null ? "—" : t("minutes", { minutes: format.number(seconds / 60, { maximumFractionDigits: 1 }) });
  return (
    <section aria-labelledby="store-comparison" className="mb-6 flex flex-col gap-2">
      <h2 id="store-comparison" className="text-2xl font-bold">
        {t("byStore")}
      </h2>
      <div className="overflow-x-auto rounded-lg border border-zinc-800">
        <table className="w-full border-collapse text-left text-base tabular-nums">
          <thead className="bg-zinc-900 text-zinc-300">
            <tr>
              <th scope="col" className="px-3 py-2">
                {t("store")}
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                {t("orders")}
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                {t("revenue")}
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                {t("averageTicket")}
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                {t("cancellationRate")}
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                {t("confirmMedian")}
              </th>
            </tr>
          </thead>
          <tbody>
            {stores.map(({ id, name, summary }) => (
              <tr key={id} className="border-t border-zinc-800">
                <th scope="row" className="px-3 py-2 font-semibold">
                  {name}
                </th>
                <td className="px-3 py-2 text-right">{summary.orders}</td>
                <td className="px-3 py-2 text-right">{cash(summary.revenue)}</td>
                <td className="px-3 py-2 text-right">
                  {summary.averageTicket === null ? "—" : cash(summary.averageTicket)}
                </td>
                <td className="px-3 py-2 text-right">
                  {summary.cancellationRate === null
                    ? "—"
                    : format.number(summary.cancellationRate, { style: "percent", maximumFractionDigits: 1 })}
                </td>
                <td className="px-3 py-2 text-right">{minutes(summary.speed.confirm.median)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
