import { useTranslations } from "next-intl";
import { useStoreClock } from "./use-store-clock";
import { useTimelineLabel } from "./use-timeline-label";
import type { TimelineEntry } from "@/lib/contract/order-review";

/** Events and actions, oldest first, with who and when, in words (the raw type only in the tooltip). */
export function OrderTimeline({ entries, storeId }: { entries: TimelineEntry[]; storeId: string }) {
  const t = useTranslations("timeline");
  const tTicket = useTranslations("ticket");
  const clock = useStoreClock();
  const label = useTimelineLabel();
  return (
    <ol className="flex flex-col gap-1 text-lg">
      {entries.map((entry, index) => (
        <li key={index} className="flex flex-wrap gap-x-3">
          <time dateTime={entry.at} className="tabular-nums text-zinc-400">
            {clock(entry.at, storeId)}
          </time>
          <span className="font-semibold" title={entry.name}>
            {label(entry)}
          </span>
          {entry.kind === "action" && entry.outcome && entry.outcome !== "succeeded" && (
            <span className="text-overdue">({t(entry.outcome === "rejected" ? "rejected" : "failed")})</span>
          )}
          {entry.actor && <span className="text-zinc-300">{t("by", { name: entry.actor })}</span>}
          {entry.platformAt && (
            <span className="text-zinc-400">
              {tTicket("platformAt", { time: clock(entry.platformAt, storeId) ?? "" })}
            </span>
          )}
        </li>
      ))}
    </ol>
  );
}
