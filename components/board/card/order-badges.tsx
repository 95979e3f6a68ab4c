import { useTranslations } from "next-intl";
import type { BoardOrder } from "@/lib/contract/board";
import { CancellationRequestWho } from "./cancellation-request";
import { useStoreClock } from "@/components/order/use-store-clock";
import { ClockIcon } from "./clock-icon";
import { useNow } from "../stream/use-now";

const BADGE = "inline-flex items-center gap-1 rounded-md px-2 py-0.5 text-lg font-bold";

/** Confirm deadline (New only), schedule and cancellation state — each in words, not colour alone. */
export function OrderBadges({ order, hideDeadline = false }: { order: BoardOrder; hideDeadline?: boolean }) {
  const t = useTranslations("badges");
  const clock = useStoreClock();
  const now = useNow();
  const finished = order.column === "done" || order.column === "cancelled";
  const scheduled = finished ? null : clock(order.scheduledFor, order.storeId);
  // A card's stage timer already counts down to the deadline (hideDeadline); the details show it here.
  const deadline =
    order.column === "new" && order.confirmBy && !hideDeadline ? Date.parse(order.confirmBy) : Number.NaN;
  const left = Number.isNaN(deadline) ? null : deadline - now;

  const badges = [
    left !== null &&
      (left < 60_000 ? (
        <span key="deadline" className={`${BADGE} bg-overdue text-zinc-950`}>
          <span aria-hidden="true">⚠</span> {t("confirmNow")}
        </span>
      ) : (
        <span
          key="deadline"
          className={`${BADGE} ${left < 180_000 ? "bg-late text-zinc-950" : "border border-zinc-400 text-zinc-100"}`}
        >
          {left < 180_000 && <ClockIcon />}
          {t(left < 180_000 ? "confirmSoon" : "confirmWithin", { minutes: String(Math.floor(left / 60_000)) })}
        </span>
      )),
    scheduled && (
      <span key="scheduled" className={`${BADGE} border border-indigo-400 text-indigo-300`}>
        {t("scheduled", { time: scheduled })}
      </span>
    ),
    order.cancellationRequested && (
      <span key="requested" className={`${BADGE} bg-overdue text-zinc-950`}>
        <span aria-hidden="true">✕</span> {t("cancellationRequested")}
      </span>
    ),
    order.cancellationRequested && <CancellationRequestWho key="requested-who" order={order} />,
    order.cancellationPending && (
      <span key="pending" className={`${BADGE} border border-overdue text-overdue`}>
        {t("cancellationPending")}
      </span>
    ),
  ].filter(Boolean);

  if (badges.length === 0) return null;
  return <p className="flex flex-wrap gap-2">{badges}</p>;
}
