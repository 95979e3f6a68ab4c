import { useId } from "react";
import { useLocale, useTranslations } from "next-intl";
import type { ChannelFigures, PeriodSummary } from "@/lib/contract/reports";
import { duration, money } from "./report-format";

const NUMBER_CELL = "px-3 py-2 text-right";

/**
 * One restaurant's channels side by side for the period (issue 28): orders, revenue, speed of
 * service (the report's medians) and cancellations, one row per channel and the restaurant's
 * total below. A plain table: every figure readable by a screen reader with its row and column.
 */
export function ChannelTable({
  storeName,
  channels,
  total,
  currency,
}: {
  /** Named in the heading when the report covers several restaurants. */
  storeName?: string;
  channels: readonly ChannelFigures[];
  total: PeriodSummary;
  currency: string;
}) {
  const t = useTranslations("reportsChannels");
  const locale = useLocale();
  // As the summary tiles say it ("45 s", "12 min 30 s"): a fast kitchen's medians are seconds.
  const time = (seconds: number | null) => (seconds === null ? "—" : duration(seconds));
  const columns: Array<{ key: string; label: string; cell: (summary: PeriodSummary) => string | number }> = [
    { key: "orders", label: t("orders"), cell: (summary) => summary.orders },
    { key: "revenue", label: t("revenue"), cell: (summary) => money(locale, currency, summary.revenue) },
    { key: "confirm", label: t("confirmMedian"), cell: (summary) => time(summary.speed.confirm.median) },
    { key: "ready", label: t("readyMedian"), cell: (summary) => time(summary.speed.ready.median) },
    { key: "cancelled", label: t("cancelled"), cell: (summary) => summary.cancelled },
  ];
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mb-6 flex flex-col gap-2">
      <h2 id={headingId} className="text-2xl font-bold">
        {storeName ? t("titleInStore", { store: storeName }) : t("title")}
      </h2>
      <div className="overflow-x-auto rounded-lg border border-zinc-800">
        <table className="w-full border-collapse text-left text-base tabular-nums">
          <thead className="bg-zinc-900 text-zinc-300">
            <tr>
              <th scope="col" className="px-3 py-2">
                {t("channel")}
              </th>
              {columns.map((column) => (
                <th key={column.key} scope="col" className={NUMBER_CELL}>
                  {column.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {channels.map((channel) => (
              <tr key={channel.id} className="border-t border-zinc-800">
                <th scope="row" className="px-3 py-2 font-semibold">
                  <span className="inline-flex items-center gap-1.5">
                    <span
                      aria-hidden="true"
                      className="inline-block size-2.5 shrink-0 rounded-full"
                      style={{ backgroundColor: channel.color ?? undefined }}
                    />
                    {channel.label ?? channel.id}{" "}
                    <span className="font-normal text-zinc-400">
                      {channel.platform ?? (channel.label ? t("ownChannel") : "")}
                    </span>
                  </span>
                </th>
                {columns.map((column) => (
                  <td key={column.key} className={NUMBER_CELL}>
                    {column.cell(channel.summary)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="border-t-2 border-zinc-600 font-bold">
              <th scope="row" className="px-3 py-2">
                {t("total")}
              </th>
              {columns.map((column) => (
                <td key={column.key} className={NUMBER_CELL}>
                  {column.cell(total)}
                </td>
              ))}
            </tr>
          </tfoot>
        </table>
      </div>
      <p className="text-sm text-zinc-400">{t("caption")}</p>
    </section>
  );
}
