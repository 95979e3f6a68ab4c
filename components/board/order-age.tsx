import { useFormatter, useTranslations } from "next-intl";
import { ageInMinutes } from "./order-format";
import { useNow } from "./use-now";

/** How long ago the customer ordered, e.g. "3 min" or "1 h 5 min"; ticks with the shared clock. */
export function OrderAge({ placedAt }: { placedAt: string }) {
  const t = useTranslations("card");
  const format = useFormatter();
  const minutes = ageInMinutes(placedAt, useNow());
  if (minutes === null) return null;

  const unit = (value: number, unit: "hour" | "minute") =>
    format.number(value, { style: "unit", unit, unitDisplay: "short" });
  const hours = Math.floor(minutes / 60);
  const text =
    minutes === 0
      ? t("justNow")
      : hours === 0
        ? unit(minutes, "minute")
        : [unit(hours, "hour"), minutes % 60 === 0 ? null : unit(minutes % 60, "minute")]
            .filter(Boolean)
            .join(" ");

  return (
    <p className="shrink-0 text-2xl font-semibold text-zinc-200 tabular-nums">
      <span className="sr-only">{t("ageLabel")} </span>
      <time dateTime={placedAt}>{text}</time>
    </p>
  );
}
