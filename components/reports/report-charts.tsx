"use client";

import { useLocale, useTranslations } from "next-intl";
import type { Report } from "@/lib/reports/types";
import { Bars, CHART_COLORS } from "./bars";
import { BreakdownCharts } from "./breakdown-charts";
import { ChartFigure } from "./chart-figure";
import { money, shortDay } from "./report-format";
import { SpeedChart } from "./speed-chart";

/** The report's charts: by hour, by day, speed of service, cancellations, type and channel. */
export function ReportCharts({ report }: { report: Report }) {
  const t = useTranslations("reports.charts");
  const locale = useLocale();
  const cash = (value: number) => money(locale, report.currency, value);
  const count = (value: number) => new Intl.NumberFormat(locale).format(value);
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
  const top = <T extends { label: string; orders: number; revenue: number }>(rows: T[], key: "orders" | "revenue") =>
    rows.reduce<T | undefined>((best, row) => (row[key] > (best?.[key] ?? 0) ? row : best), undefined);

  const busiestHour = top(hours, "orders");
  const richestHour = top(hours, "revenue");
  const busiestDay = top(days, "orders");
  const richestDay = top(days, "revenue");

  return (
    <div className="flex flex-col gap-6">
      <section className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <ChartFigure
          id="orders-by-hour"
          title={t("ordersByHour")}
          summary={
            empty || !busiestHour
              ? t("noData")
              : t("busiestHour", { hour: busiestHour.label, count: busiestHour.orders })
          }
          table={{
            headers: [t("hour"), t("orders"), t("revenue")],
            rows: hours.map((row) => [row.label, row.orders, cash(row.revenue)]),
          }}
        >
          <Bars
            data={hours}
            labelKey="label"
            series={[{ key: "orders", name: t("orders"), color: CHART_COLORS.orders }]}
            format={count}
          />
        </ChartFigure>
        <ChartFigure
          id="revenue-by-hour"
          title={t("revenueByHour")}
          summary={
            !richestHour
              ? t("noData")
              : t("topRevenueHour", { hour: richestHour.label, value: cash(richestHour.revenue) })
          }
          table={{ headers: [t("hour"), t("revenue")], rows: hours.map((row) => [row.label, cash(row.revenue)]) }}
        >
          <Bars
            data={hours}
            labelKey="label"
            series={[{ key: "revenue", name: t("revenue"), color: CHART_COLORS.revenue }]}
            format={cash}
          />
        </ChartFigure>
        <ChartFigure
          id="orders-by-day"
          title={t("ordersByDay")}
          summary={
            empty || !busiestDay ? t("noData") : t("busiestDay", { day: busiestDay.label, count: busiestDay.orders })
          }
          table={{
            headers: [t("day"), t("orders"), t("revenue")],
            rows: days.map((row) => [row.label, row.orders, cash(row.revenue)]),
          }}
        >
          <Bars
            data={days}
            labelKey="label"
            series={[{ key: "orders", name: t("orders"), color: CHART_COLORS.orders }]}
            format={count}
          />
        </ChartFigure>
        <ChartFigure
          id="revenue-by-day"
          title={t("revenueByDay")}
          summary={
            !richestDay ? t("noData") : t("topRevenueDay", { day: richestDay.label, value: cash(richestDay.revenue) })
          }
          table={{ headers: [t("day"), t("revenue")], rows: days.map((row) => [row.label, cash(row.revenue)]) }}
        >
          <Bars
            data={days}
            labelKey="label"
            series={[{ key: "revenue", name: t("revenue"), color: CHART_COLORS.revenue }]}
            format={cash}
          />
        </ChartFigure>
      </section>
      <SpeedChart summary={report.current.summary} />
      <BreakdownCharts report={report} />
    </div>
  );
}
