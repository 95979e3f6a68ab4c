import { getLocale, getTranslations } from "next-intl/server";
import type { Delta, Report } from "@/lib/contract/reports";
import { duration, money, percent } from "./report-format";

interface Tile {
  id: string;
  label: string;
  value: string;
  detail?: string;
  previous: string;
  delta: string;
}

/** The period's headline figures, each beside the previous period's and the change. */
export async function SummaryTiles({ report }: { report: Report }) {
  const [t, locale] = await Promise.all([getTranslations("reports.tiles"), getLocale()]);
  const now = report.current.summary;
  const before = report.previous.summary;
  const cash = (value: number) => money(locale, report.currency, value);
  const count = (value: number) => new Intl.NumberFormat(locale).format(value);
  const or = <T,>(value: T | null, format: (value: T) => string) => (value === null ? t("none") : format(value));

  const change = (delta: Delta | null, format: (value: number) => string, withRatio = true) => {
    if (!delta) return t("noComparison");
    if (delta.change === 0) return t("same");
    const amount =
      format(Math.abs(delta.change)) +
      (withRatio && delta.ratio !== null ? ` (${percent(locale, Math.abs(delta.ratio))})` : "");
    return delta.change > 0 ? t("up", { change: amount }) : t("down", { change: amount });
  };
  const points = (value: number) =>
    t("points", { value: new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(value * 100) });

  const tiles: Tile[] = [
    {
      id: "orders",
      label: t("orders"),
      value: count(now.orders),
      previous: count(before.orders),
      delta: change(report.deltas.orders, count),
    },
    {
      id: "revenue",
      label: t("revenue"),
      value: cash(now.revenue),
      previous: cash(before.revenue),
      delta: change(report.deltas.revenue, cash),
    },
    {
      id: "average-ticket",
      label: t("averageTicket"),
      value: or(now.averageTicket, cash),
      previous: or(before.averageTicket, cash),
      delta: change(report.deltas.averageTicket, cash),
    },
    {
      id: "cancellations",
      label: t("cancellationRate"),
      value: or(now.cancellationRate, (rate) => percent(locale, rate, 1)),
      detail: t("cancelledCount", { count: now.cancelled }),
      previous: or(before.cancellationRate, (rate) => percent(locale, rate, 1)),
      delta: change(report.deltas.cancellationRate, points, false),
    },
    {
      id: "confirm",
      label: t("confirmMedian"),
      value: or(now.speed.confirm.median, duration),
      previous: or(before.speed.confirm.median, duration),
      delta: change(report.deltas.confirmMedian, duration),
    },
    {
      id: "ready",
      label: t("readyMedian"),
      value: or(now.speed.ready.median, duration),
      previous: or(before.speed.ready.median, duration),
      delta: change(report.deltas.readyMedian, duration),
    },
  ];

  return (
    <section aria-label={t("label")} className="mb-6 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
      {tiles.map((tile) => (
        <article
          key={tile.id}
          aria-labelledby={`tile-${tile.id}`}
          className="rounded-xl border border-zinc-800 bg-zinc-900 p-4"
        >
          <h2 id={`tile-${tile.id}`} className="text-base font-semibold text-zinc-300">
            {tile.label}
          </h2>
          <p className="text-3xl font-extrabold tabular-nums" data-testid={`tile-${tile.id}`}>
            {tile.value}
          </p>
          {tile.detail && <p className="text-base text-zinc-300">{tile.detail}</p>}
          <p className="mt-1 text-base text-zinc-200">{tile.delta}</p>
          <p className="text-sm text-zinc-400">{t("previous", { value: tile.previous })}</p>
        </article>
      ))}
    </section>
  );
}
