import { useTranslations } from "next-intl";

/**
 * "+3 ›": how many of a lane's orders (or of the board's alerts) are out of view, and one tap to the
 * next (issue 27, point 3). Nothing when all are in view. Said in words to screen readers; 48 px, a
 * thumb's target.
 */
export function OutOfView({
  count,
  onShow,
  className = "",
  of = "orders",
}: {
  count: number;
  onShow: () => void;
  className?: string;
  of?: "orders" | "alerts";
}) {
  const t = useTranslations("kitchen.outOfView");
  if (count === 0) return null;
  return (
    <button
      type="button"
      onClick={onShow}
      aria-label={t(of === "orders" ? "label" : "alertsLabel", { count })}
      data-out-of-view={count}
      className={`inline-flex min-h-12 min-w-12 shrink-0 items-center justify-center gap-1 rounded-lg bg-zinc-100 px-2 text-lg font-extrabold whitespace-nowrap text-zinc-950 tabular-nums active:bg-zinc-300 ${className}`}
    >
      {t("short", { count: String(count) })}
      <span aria-hidden="true">›</span>
    </button>
  );
}
