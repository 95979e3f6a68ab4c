"use client";

import { useLocale, useTranslations, type Messages } from "next-intl";
import type { Bucket, Report } from "@/lib/contract/reports";
import { CHART_COLORS } from "./bars";
import { BarsFigure, OrdersFigure, ReportSection } from "./bars-figure";
import { money } from "./report-format";

// Keys of argument-free labels: `t` then needs no values (a cast to any key would let one through).
type ReasonKey = `cancellations.reasons.${keyof Messages["reports"]["cancellations"]["reasons"] & string}`;
type OrderTypeKey = keyof Messages["orderType"] & string;

// A type, not an interface: the chart takes rows as plain records.
type CountRow = {
  label: string;
  count: number;
};

/** Cancellations by reason and by who started them; orders by type, sales channel and brand. */
export function BreakdownCharts({ report }: { report: Report }) {
  const t = useTranslations("reports");
  const tType = useTranslations("orderType");
  const locale = useLocale();
  const cash = (value: number) => money(locale, report.currency, value);
  const count = (value: number) => new Intl.NumberFormat(locale).format(value);
  // Codes and types are open enums: an unknown one is shown as sent.
  const reasonLabel = (code: string) => {
    const key = `cancellations.reasons.${code}` as ReasonKey;
    return t.has(key) ? t(key) : code;
  };
  const typeLabel = (type: string) => (tType.has(type as OrderTypeKey) ? tType(type as OrderTypeKey) : type);

  const { byReason, byInitiator } = report.cancellations;
  const cancelled = report.current.summary.cancelled;
  const reasons: CountRow[] = byReason.map((row) => ({ label: reasonLabel(row.key), count: row.count }));
  const initiators: CountRow[] = byInitiator.map((row) => ({
    label: t(`cancellations.initiators.${row.key}`),
    count: row.count,
  }));
  const initiatorCount = Object.fromEntries(byInitiator.map((row) => [row.key, row.count]));

  const bucketFigure = (id: string, title: string, header: string, rows: Bucket[], label: (key: string) => string) => {
    const data = rows.map((row) => ({ label: label(row.key), orders: row.orders, revenue: row.revenue }));
    const first = data[0];
    const summary = first
      ? t("breakdown.summary", { name: first.label, count: first.orders, value: cash(first.revenue) })
      : t("charts.noData");
    return (
      <OrdersFigure
        id={id}
        title={title}
        summary={summary}
        header={header}
        rows={data}
        currency={report.currency}
        horizontal
      />
    );
  };
  const cancellationFigure = (id: string, title: string, summary: string, header: string, rows: CountRow[]) => (
    <BarsFigure
      id={id}
      title={title}
      summary={summary}
      table={{ headers: [header, t("cancellations.count")], rows: rows.map((row) => [row.label, row.count]) }}
      data={rows}
      horizontal
      series={[{ key: "count", name: t("cancellations.count"), color: CHART_COLORS.cancelled }]}
      format={count}
    />
  );

  return (
    <>
      <ReportSection id="cancellations-heading" title={t("cancellations.title")}>
        <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
          {cancellationFigure(
            "cancellations-by-reason",
            t("cancellations.byReason"),
            reasons[0]
              ? t("cancellations.summary", { count: cancelled, reason: reasons[0].label })
              : t("cancellations.none"),
            t("cancellations.reason"),
            reasons,
          )}
          {cancellationFigure(
            "cancellations-by-initiator",
            t("cancellations.byInitiator"),
            cancelled === 0
              ? t("cancellations.none")
              : t("cancellations.initiatorSummary", {
                  merchant: String(initiatorCount.merchant ?? 0),
                  customer: String(initiatorCount.customer ?? 0),
                  platform: String(initiatorCount.platform ?? 0),
                }),
            t("cancellations.initiator"),
            initiators,
          )}
        </div>
      </ReportSection>
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
