"use client";

import type { ReactNode } from "react";
import { useLocale, useTranslations } from "next-intl";
import { Bars, CHART_COLORS, type Series } from "./bars";
import { ChartFigure, type TableSpec } from "./chart-figure";
import { money } from "./report-format";

interface BarsFigureProps {
  id: string;
  title: string;
  summary: ReactNode;
  table: TableSpec;
  data: Array<Record<string, string | number | null>>;
  series: Series[];
  format: (value: number) => string;
  horizontal?: boolean;
}

/** A report figure whose chart is bars over each row's "label": every chart of the reports page. */
export function BarsFigure({ id, title, summary, table, data, series, format, horizontal }: BarsFigureProps) {
  return (
    <ChartFigure id={id} title={title} summary={summary} table={table}>
      <Bars data={data} labelKey="label" series={series} format={format} horizontal={horizontal} />
    </ChartFigure>
  );
}

export interface SalesRow {
  label: string;
  orders: number;
  revenue: number;
}

interface SalesFigureProps {
  id: string;
  title: string;
  summary: ReactNode;
  /** The first column's header: what a row is (hour, day, type…). */
  header: string;
  rows: SalesRow[];
  currency: string;
  horizontal?: boolean;
}

/** Orders per row, charted; the table also gives each row's revenue. */
export function OrdersFigure({ id, title, summary, header, rows, currency, horizontal }: SalesFigureProps) {
  const t = useTranslations("reports.charts");
  const locale = useLocale();
  return (
    <BarsFigure
      id={id}
      title={title}
      summary={summary}
      table={{
        headers: [header, t("orders"), t("revenue")],
        rows: rows.map((row) => [row.label, row.orders, money(locale, currency, row.revenue)]),
      }}
      data={rows.map((row) => ({ ...row }))}
      series={[{ key: "orders", name: t("orders"), color: CHART_COLORS.orders }]}
      format={(value) => new Intl.NumberFormat(locale).format(value)}
      horizontal={horizontal}
    />
  );
}

/** Revenue per row, charted and in the table. */
export function RevenueFigure({ id, title, summary, header, rows, currency }: Omit<SalesFigureProps, "horizontal">) {
  const t = useTranslations("reports.charts");
  const locale = useLocale();
  const cash = (value: number) => money(locale, currency, value);
  return (
    <BarsFigure
      id={id}
      title={title}
      summary={summary}
      table={{ headers: [header, t("revenue")], rows: rows.map((row) => [row.label, cash(row.revenue)]) }}
      data={rows.map((row) => ({ ...row }))}
      series={[{ key: "revenue", name: t("revenue"), color: CHART_COLORS.revenue }]}
      format={cash}
    />
  );
}

/** A titled part of the reports page; the heading names the section for screen readers. */
export function ReportSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-2">
      <h2 id={id} className="text-2xl font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}
