import { useFormatter, useTranslations } from "next-intl";
import { ageLevel, type AgeLevel, type AgeThresholds } from "./age-thresholds";
import { ClockIcon } from "./clock-icon";
import { ageInMinutes } from "./order-format";
import { useNow } from "../stream/use-now";

const LEVEL_STYLE = {
  ok: { box: "text-zinc-200", icon: null },
  late: { box: "rounded-md bg-late px-2 text-zinc-950", icon: "clock" },
  overdue: { box: "rounded-md bg-overdue px-2 text-zinc-950", icon: "⚠" },
} as const;

/**
 * How long ago the order came in, e.g. "3 min" or "1 h 5 min"; ticks with the shared clock.
 * Past the lane's thresholds it turns amber, then red — with an icon and words for screen
 * readers too, so colour is never the only signal. `level`, when given, is the colour instead
 * (a station ticket's age, coloured as its stage's promise stands: stage-timer.tsx).
 */
export function OrderAge({
  since,
  thresholds,
  level: givenLevel,
  label,
  className = "text-2xl",
}: {
  since: string;
  thresholds?: AgeThresholds;
  level?: AgeLevel;
  /** What the time is, for screen readers ("Recebido há" unless said). */
  label?: string;
  className?: string;
}) {
  const t = useTranslations("card");
  const lanes = useTranslations("lanes.age");
  const format = useFormatter();
  const minutes = ageInMinutes(since, useNow());
  if (minutes === null) return null;

  const unit = (value: number, unit: "hour" | "minute") =>
    format.number(value, { style: "unit", unit, unitDisplay: "short" });
  const hours = Math.floor(minutes / 60);
  const text =
    minutes === 0
      ? t("justNow")
      : hours === 0
        ? unit(minutes, "minute")
        : [unit(hours, "hour"), minutes % 60 === 0 ? null : unit(minutes % 60, "minute")].filter(Boolean).join(" ");
  const level = givenLevel ?? ageLevel(minutes, thresholds);
  const style = LEVEL_STYLE[level];

  return (
    <p
      className={`shrink-0 font-semibold whitespace-nowrap tabular-nums ${style.box} ${className}`}
      data-age-level={level}
    >
      <span className="sr-only">{label ?? t("ageLabel")} </span>
      {style.icon === "clock" && <ClockIcon className="mr-1" />}
      {style.icon === "⚠" && <span aria-hidden="true">⚠ </span>}
      <time dateTime={since}>{text}</time>
      {level !== "ok" && <span className="sr-only"> ({lanes(level)})</span>}
    </p>
  );
}
