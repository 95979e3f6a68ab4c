import { useFormatter, useLocale, useTranslations } from "next-intl";
import type { PeriodSummary } from "@/lib/contract/reports";
import { FiguresTable, type FigureColumn } from "./figures-table";
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
  const cash = (value: number | null) => (value === null ? "—" : money(locale, currency, value));
  const minutes = (seconds: number | null) =>
    seconds === null ? "—" : t("minutes", { minutes: format.number(seconds / 60, { maximumFractionDigits: 1 }) });
  const percent = (share: number | null) =>
    share === null ? "—" : format.number(share, { style: "percent", maximumFractionDigits: 1 });
  const columns: Array<FigureColumn<PeriodSummary>> = [
    { key: "orders", label: t("orders"), cell: (summary) => summary.orders },
    { key: "revenue", label: t("revenue"), cell: (summary) => cash(summary.revenue) },
    { key: "averageTicket", label: t("averageTicket"), cell: (summary) => cash(summary.averageTicket) },
    { key: "cancellationRate", label: t("cancellationRate"), cell: (summary) => percent(summary.cancellationRate) },
    { key: "confirmMedian", label: t("confirmMedian"), cell: (summary) => minutes(summary.speed.confirm.median) },
  ];
  return (
    <FiguresTable
      headingId="store-comparison"
      heading={t("byStore")}
      nameHeader={t("store")}
      columns={columns}
      rows={stores.map(({ id, name, summary }) => ({ key: id, name, summary }))}
    />
  );
}
