"use client";

import { useLocale, useTranslations } from "next-intl";
import type { Report } from "@/lib/contract/reports";
import { OrdersFigure, RevenueFigure, type SalesRow } from "./bars-figure";
import { BreakdownCharts } from "./breakdown-charts";
import { money, shortDay } from "./report-format";
import { SpeedChart } from "./speed-chart";

/** The report's charts: by hour, by day, speed of service, cancellations, type and channel. */
export function ReportCharts({ report }: { report: Report }) {
  const t = useTranslations("reports.charts");
  const locale = useLocale();
  const cash = (value: number) => money(locale, report.currency, value);
  const hourLabel = (hour: number) => t("hourLabel", { hour: String(hour).padStart(2, "0") });
  const hours = report.byHour.map((bucket) => ({
    label: hourLabel(bucket.key),
    orders: bucket.orders,
    revenue: bucket.revenue,
  }));
  const days = report.byDay.map((bucket) => ({
    label: shortDay(locale, bucket.key),
    orders: bucket.orders,
    revenue: bucket.revenue,
  }));
  const empty = report.current.summary.orders === 0;
  const top = <T extends SalesRow>(rows: T[], key: "orders" | "revenue") =>
    rows.reduce<T | undefined>((best, row) => (row[key] > (best?.[key] ?? 0) ? row : best), undefined);

  const busiestHour = top(hours, "orders");
  const richestHour = top(hours, "revenue");
  const busiestDay = top(days, "orders");
  const richestDay = top(days, "revenue");

  return (
    <div className="flex flex-col gap-6">
      <section className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <OrdersFigure
          id="orders-by-hour"
          title={t("ordersByHour")}
          summary={
            empty || !busiestHour
              ? t("noData")
              : t("busiestHour", { hour: busiestHour.label, count: busiestHour.orders })
          }
          header={t("hour")}
          rows={hours}
          currency={report.currency}
        />
        <RevenueFigure
          id="revenue-by-hour"
          title={t("revenueByHour")}
          summary={
            !richestHour
              ? t("noData")
              : t("topRevenueHour", { hour: richestHour.label, value: cash(richestHour.revenue) })
          }
          header={t("hour")}
          rows={hours}
          currency={report.currency}
        />
        <OrdersFigure
          id="orders-by-day"
          title={t("ordersByDay")}
          summary={
            empty || !busiestDay ? t("noData") : t("busiestDay", { day: busiestDay.label, count: busiestDay.orders })
          }
          header={t("day")}
          rows={days}
          currency={report.currency}
        />
        <RevenueFigure
          id="revenue-by-day"
          title={t("revenueByDay")}
          summary={
            !richestDay ? t("noData") : t("topRevenueDay", { day: richestDay.label, value: cash(richestDay.revenue) })
          }
          header={t("day")}
          rows={days}
          currency={report.currency}
        />
      </section>
      <SpeedChart summary={report.current.summary} />
      <BreakdownCharts report={report} />
    </div>
  );
}
