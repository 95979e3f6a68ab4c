import { useId } from "react";
import { useLocale, useTranslations } from "next-intl";
import type { ChannelFigures, PeriodSummary } from "@/lib/contract/reports";
import { FiguresTable, type FigureColumn } from "./figures-table";
import { duration, money } from "./report-format";

/**
 * One restaurant's channels side by side for the period (issue 28): orders, revenue, speed of
 * service (the report's medians) and cancellations, one row per channel and the restaurant's
 * total below.
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
  const columns: Array<FigureColumn<PeriodSummary>> = [
    { key: "orders", label: t("orders"), cell: (summary) => summary.orders },
    { key: "revenue", label: t("revenue"), cell: (summary) => money(locale, currency, summary.revenue) },
    { key: "confirm", label: t("confirmMedian"), cell: (summary) => time(summary.speed.confirm.median) },
    { key: "ready", label: t("readyMedian"), cell: (summary) => time(summary.speed.ready.median) },
    { key: "cancelled", label: t("cancelled"), cell: (summary) => summary.cancelled },
  ];
  const headingId = useId();
  return (
    <FiguresTable
      headingId={headingId}
      heading={storeName ? t("titleInStore", { store: storeName }) : t("title")}
      nameHeader={t("channel")}
      columns={columns}
      rows={channels.map((channel) => ({
        key: channel.id,
        name: (
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
        ),
        summary: channel.summary,
      }))}
      total={{ name: t("total"), summary: total }}
      caption={t("caption")}
    />
  );
}
