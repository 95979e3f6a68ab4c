import { useFormatter, useLocale, useTranslations } from "next-intl";
import type { PeriodSummary } from "@/lib/contract/reports";
import { money } from "./report-format";

const NUMBER_CELL = "px-3 py-2 text-right";

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
  const cash = (value: number | null) => (value === null ? "—" : money(locale, currency, value));
  const minutes = (seconds: number | null) =>
    seconds === null ? "—" : t("minutes", { minutes: format.number(seconds / 60, { maximumFractionDigits: 1 }) });
  const percent = (share: number | null) =>
    share === null ? "—" : format.number(share, { style: "percent", maximumFractionDigits: 1 });
  // One entry per figure column: its heading and how a store's summary shows in it.
  const columns: Array<{ key: string; label: string; cell: (summary: PeriodSummary) => string | number }> = [
    { key: "orders", label: t("orders"), cell: (summary) => summary.orders },
    { key: "revenue", label: t("revenue"), cell: (summary) => cash(summary.revenue) },
    { key: "averageTicket", label: t("averageTicket"), cell: (summary) => cash(summary.averageTicket) },
    { key: "cancellationRate", label: t("cancellationRate"), cell: (summary) => percent(summary.cancellationRate) },
    { key: "confirmMedian", label: t("confirmMedian"), cell: (summary) => minutes(summary.speed.confirm.median) },
  ];
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
              {columns.map((column) => (
                <th key={column.key} scope="col" className={NUMBER_CELL}>
                  {column.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {stores.map(({ id, name, summary }) => (
              <tr key={id} className="border-t border-zinc-800">
                <th scope="row" className="px-3 py-2 font-semibold">
                  {name}
                </th>
                {columns.map((column) => (
                  <td key={column.key} className={NUMBER_CELL}>
                    {column.cell(summary)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
