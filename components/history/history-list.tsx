import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import { formatMoney } from "@/components/order/details-format";
import { isKnownOrderType } from "@/components/board/order-format";
import { KNOWN_PLATFORM_STATUSES } from "@/lib/history/statuses";
import type { HistoryRow } from "@/lib/history/types";
import { formatDateTime } from "./format";

const COLUMN_COLOR: Record<string, string> = {
  new: "text-new",
  preparing: "text-preparing",
  ready: "text-ready",
  dispatched: "text-dispatched",
  done: "text-zinc-300",
  cancelled: "text-cancelled",
};

/** The orders found: one entry per order, newest first; a link opens its details and audit. */
export function HistoryList({ rows, showStore }: { rows: HistoryRow[]; showStore: boolean }) {
  const t = useTranslations("history");
  const tColumns = useTranslations("columns");
  const tTypes = useTranslations("orderType");
  const locale = useLocale();
  const platformStatus = (status: string) =>
    (KNOWN_PLATFORM_STATUSES as readonly string[]).includes(status)
      ? t(`platformStatus.${status as (typeof KNOWN_PLATFORM_STATUSES)[number]}`)
      : status;

  return (
    <ul aria-label={t("list")} className="flex flex-col gap-2">
      {rows.map((row) => {
        const title = row.displayId ? t("order", { displayId: row.displayId }) : t("orderWithoutNumber");
        return (
          <li
            key={`${row.source}-${row.id}`}
            className="grid grid-cols-1 gap-x-4 gap-y-1 rounded-lg bg-zinc-800 px-4 py-3 text-lg md:grid-cols-[12rem_1fr_auto]"
          >
            <div className="flex flex-wrap items-center gap-x-3 md:flex-col md:items-start">
              {row.source === "platform" ? (
                <span className="flex min-h-12 items-center text-2xl font-bold tabular-nums">{title}</span>
              ) : (
                <Link
                  href={`/manager/orders/${encodeURIComponent(row.id)}`}
                  className="flex min-h-12 items-center text-2xl font-bold tabular-nums underline underline-offset-4"
                >
                  {title}
                </Link>
              )}
              <span className="font-semibold uppercase text-zinc-300">
                {row.type ? (isKnownOrderType(row.type) ? tTypes(row.type) : row.type) : ""}
              </span>
            </div>
            <div className="flex flex-col">
              <span>
                {row.customerName ?? "—"}
                {row.phone && <span className="ml-3 tabular-nums text-zinc-300">{row.phone}</span>}
              </span>
              <span className="text-zinc-400">
                <time dateTime={row.placedAt}>{formatDateTime(locale, row.placedAt)}</time>
                {showStore && <> · {row.storeName}</>}
              </span>
            </div>
            <div className="flex flex-wrap items-center gap-x-3 md:flex-col md:items-end">
              <span className="text-xl font-bold tabular-nums">
                {row.total ? formatMoney(locale, row.total.value, row.total.currency) : "—"}
              </span>
              {row.column && (
                <span className={`font-semibold ${COLUMN_COLOR[row.column] ?? ""}`}>
                  {tColumns(`${row.column}.title`)}
                </span>
              )}
              {row.source === "platform" && (
                <span
                  title={t("platformOnlyHint")}
                  className="rounded border-2 border-attention px-2 font-semibold text-attention"
                >
                  {t("platformOnly")} · {row.platformStatus ? platformStatus(row.platformStatus) : ""}
                </span>
              )}
              {row.statusesDiffer && row.platformStatus && (
                <span className="rounded border-2 border-late px-2 font-semibold text-late">
                  {t("onPlatform", { status: platformStatus(row.platformStatus) })}
                </span>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
