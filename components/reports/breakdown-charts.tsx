"use client";

import { useLocale, useTranslations } from "next-intl";
import type { Bucket, Report } from "@/lib/reports/types";
import { Bars, CHART_COLORS } from "./bars";
import { ChartFigure } from "./chart-figure";
import { money } from "./report-format";

/** Cancellations by reason and by who started them; orders by type, sales channel and brand. */
export function BreakdownCharts({ report }: { report: Report }) {
  const t = useTranslations("reports");
  const tType = useTranslations("orderType");
  const locale = useLocale();
  const cash = (value: number) => money(locale, report.currency, value);
  const count = (value: number) => new Intl.NumberFormat(locale).format(value);
  // Codes and types are open enums: an unknown one is shown as sent.
  const reasonLabel = (code: string) =>
    t.has(`cancellations.reasons.${code}` as never) ? t(`cancellations.reasons.${code}` as never) : code;
  const typeLabel = (type: string) => (tType.has(type as never) ? tType(type as never) : type);

  const { byReason, byInitiator } = report.cancellations;
  const cancelled = report.current.summary.cancelled;
  const reasons = byReason.map((row) => ({ label: reasonLabel(row.key), count: row.count }));
  const initiators = byInitiator.map((row) => ({ label: t(`cancellations.initiators.${row.key}`), count: row.count }));
  const initiatorCount = Object.fromEntries(byInitiator.map((row) => [row.key, row.count]));

  const bucketFigure = (id: string, title: string, header: string, rows: Bucket[], label: (key: string) => string) => {
    const data = rows.map((row) => ({ label: label(row.key), orders: row.orders, revenue: row.revenue }));
    const first = data[0];
    return (
      <ChartFigure
        id={id}
        title={title}
        summary={
          first
            ? t("breakdown.summary", { name: first.label, count: first.orders, value: cash(first.revenue) })
            : t("charts.noData")
        }
        table={{
          headers: [header, t("charts.orders"), t("charts.revenue")],
          rows: data.map((row) => [row.label, row.orders, cash(row.revenue)]),
        }}
      >
        <Bars
          data={data}
          labelKey="label"
          horizontal
          series={[{ key: "orders", name: t("charts.orders"), color: CHART_COLORS.orders }]}
          format={count}
        />
      </ChartFigure>
    );
  };

  return (
    <>
      <section aria-labelledby="cancellations-heading" className="flex flex-col gap-2">
        <h2 id="cancellations-heading" className="text-2xl font-bold">
          {t("cancellations.title")}
        </h2>
        <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
          <ChartFigure
            id="cancellations-by-reason"
            title={t("cancellations.byReason")}
            summary={
              reasons[0]
                ? t("cancellations.summary", { count: cancelled, reason: reasons[0].label })
                : t("cancellations.none")
            }
            table={{
              headers: [t("cancellations.reason"), t("cancellations.count")],
              rows: reasons.map((row) => [row.label, row.count]),
            }}
          >
            <Bars
              data={reasons}
              labelKey="label"
              horizontal
              series={[{ key: "count", name: t("cancellations.count"), color: CHART_COLORS.cancelled }]}
              format={count}
            />
          </ChartFigure>
          <ChartFigure
            id="cancellations-by-initiator"
            title={t("cancellations.byInitiator")}
            summary={
              cancelled === 0
                ? t("cancellations.none")
                : t("cancellations.initiatorSummary", {
                    merchant: initiatorCount.merchant ?? 0,
                    customer: initiatorCount.customer ?? 0,
                    platform: initiatorCount.platform ?? 0,
                  })
            }
            table={{
              headers: [t("cancellations.initiator"), t("cancellations.count")],
              rows: initiators.map((row) => [row.label, row.count]),
            }}
          >
            <Bars
              data={initiators}
              labelKey="label"
              horizontal
              series={[{ key: "count", name: t("cancellations.count"), color: CHART_COLORS.cancelled }]}
              format={count}
            />
          </ChartFigure>
        </div>
      </section>
      <section className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        {bucketFigure("by-type", t("breakdown.byType"), t("breakdown.type"), report.byType, typeLabel)}
        {bucketFigure(
          "by-channel",
          t("breakdown.byChannel"),
          t("breakdown.channel"),
          report.byChannel,
          (key) => key || t("breakdown.noChannel"),
        )}
        {report.byBrand.length > 0 &&
          bucketFigure(
            "by-brand",
            t("breakdown.byBrand"),
            t("breakdown.brand"),
            report.byBrand,
            (key) => key || t("breakdown.noBrand"),
          )}
      </section>
    </>
  );
}
