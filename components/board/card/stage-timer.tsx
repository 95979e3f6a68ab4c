import { useFormatter, useTranslations } from "next-intl";
import type { BoardOrder } from "@/lib/contract/board";
import { ageOrigin } from "@/lib/orders/lanes";
import { ClockIcon } from "./clock-icon";
import { OrderAge } from "./order-age";
import { stageTimer } from "./stage-timer-level";
import { AGE_THRESHOLDS, type AgeLevel, type AgeThresholds } from "./age-thresholds";
import type { TimerLevel } from "./stage-timer-level";
import { useNow } from "../stream/use-now";
import { useStoreClock } from "@/components/order/use-store-clock";

const LEVEL_STYLE = {
  ok: "text-zinc-200",
  soon: "rounded-md bg-late px-1.5 text-zinc-950",
  over: "rounded-md bg-overdue px-1.5 text-zinc-950",
} as const;

/**
 * The card's clock, against the promise of the stage the order is in (lib/orders/projection.ts:
 * dueAt): "12 min left", amber "only 2 min", red "4 min late" — a word with every colour. Cards
 * stored before the promise existed keep the plain age.
 */
export function StageTimer({
  order,
  thresholds,
  className = "text-xl",
}: {
  order: BoardOrder;
  thresholds?: AgeThresholds;
  className?: string;
}) {
  const t = useTranslations("ticket");
  const tKitchen = useTranslations("kitchen.timer");
  const format = useFormatter();
  const clock = useStoreClock();
  const now = useNow();
  const timer = stageTimer(order, now);
  if (!timer) return <OrderAge since={ageOrigin(order)} thresholds={thresholds} />;

  // Ready reads as how long it has waited at the pass ("pronto há 4 min"; amber, then red with ⚠,
  // past the usual wait), or, for a scheduled order, when the customer comes (issue 27, point 6).
  const ready = order.column === "ready";
  const readySince = Date.parse(order.stageSince ?? "");
  const minutes = ready
    ? Math.max(0, Math.floor((now - readySince) / 60_000))
    : timer.level === "over"
      ? Math.max(1, Math.floor(-timer.msLeft / 60_000))
      : Math.ceil(timer.msLeft / 60_000);
  const unit = (value: number, unit: "hour" | "minute") =>
    format.number(value, { style: "unit", unit, unitDisplay: "short" });
  const hours = Math.floor(minutes / 60);
  const time =
    hours === 0
      ? unit(minutes, "minute")
      : [unit(hours, "hour"), minutes % 60 === 0 ? null : unit(minutes % 60, "minute")].filter(Boolean).join(" ");
  const column = order.column as keyof typeof TIMER_LABELS;

  return (
    <p
      className={`shrink-0 font-semibold whitespace-nowrap tabular-nums ${LEVEL_STYLE[timer.level]} ${className}`}
      data-timer-level={timer.level}
    >
      {column in TIMER_LABELS && <span className="sr-only">{t(`timerLabel.${column}`)}: </span>}
      {timer.level === "soon" && <ClockIcon className="mr-1" />}
      {timer.level === "over" && <span aria-hidden="true">⚠ </span>}
      <time dateTime={(ready ? order.stageSince : order.dueAt) ?? undefined}>
        {ready
          ? order.scheduledFor && now < readySince - 60_000
            ? tKitchen("readyFor", { time: clock(order.stageSince, order.storeId) ?? "?" })
            : tKitchen("readySince", { time })
          : t(timer.level === "ok" ? "left" : timer.level, { time })}
      </time>
    </p>
  );
}

const TIMER_LABELS = { new: true, preparing: true, ready: true, dispatched: true } as const;

/** A stage timer's level as an age's colour: the same amber and red, the same words. */
const AGE_LEVEL: Record<TimerLevel, AgeLevel> = { ok: "ok", soon: "late", over: "overdue" };

/**
 * Station and expo tickets (issue 27): how long the order has been in preparation, from its
 * confirm ("12 min"), coloured as the cooking ticket's timer above is — amber near the promise,
 * red past it (stage-timer-level.ts); by the preparing lane's age thresholds when the card has no
 * promise.
 */
export function PreparingFor({ order, className }: { order: BoardOrder; className?: string }) {
  const t = useTranslations("stations");
  const timer = stageTimer(order, useNow());
  return (
    <OrderAge
      since={order.stageSince ?? ageOrigin(order)}
      thresholds={AGE_THRESHOLDS.preparing}
      level={timer ? AGE_LEVEL[timer.level] : undefined}
      label={t("preparingFor")}
      className={className}
    />
  );
}
