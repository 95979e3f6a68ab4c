import { useLocale, useTranslations } from "next-intl";
import { ORDER_ACTIONS } from "@/lib/orders/types";
import { formatClock } from "./details-format";
import type { TimelineEntry } from "./order-details-query";

const KNOWN_EVENTS = [
  "CREATED",
  "CONFIRMED",
  "PREPARING",
  "READY_FOR_PICKUP",
  "DISPATCHED",
  "DELIVERED",
  "PICKED_UP",
  "CONCLUDED",
  "CANCELLED",
  "CANCELLATION_REQUESTED",
  "CANCELLATION_REQUEST_DENIED",
  "ORDER_CANCELLATION_REQUEST",
  "CANCELLED_DENIED",
] as const;

/** Events and actions, oldest first, with who and when; unknown event types shown as sent. */
export function OrderTimeline({ entries }: { entries: TimelineEntry[] }) {
  const t = useTranslations("timeline");
  const locale = useLocale();
  const label = (entry: TimelineEntry) => {
    if (entry.kind === "action") {
      return (ORDER_ACTIONS as readonly string[]).includes(entry.name) ? t(`action.${entry.name as (typeof ORDER_ACTIONS)[number]}`) : entry.name;
    }
    return (KNOWN_EVENTS as readonly string[]).includes(entry.name) ? t(`event.${entry.name as (typeof KNOWN_EVENTS)[number]}`) : entry.name;
  };
  return (
    <ol className="flex flex-col gap-1 text-lg">
      {entries.map((entry, index) => (
        <li key={index} className="flex flex-wrap gap-x-3">
          <time dateTime={entry.at} className="tabular-nums text-zinc-400">
            {formatClock(locale, entry.at)}
          </time>
          <span className="font-semibold">{label(entry)}</span>
          {entry.kind === "action" && entry.outcome && entry.outcome !== "succeeded" && (
            <span className="text-overdue">({t(entry.outcome === "rejected" ? "rejected" : "failed")})</span>
          )}
          {entry.actor && <span className="text-zinc-300">{t("by", { name: entry.actor })}</span>}
        </li>
      ))}
    </ol>
  );
}
