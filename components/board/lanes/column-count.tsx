import { useTranslations } from "next-intl";
import { useState } from "react";

/**
 * The number of cards in a column. A card that arrives below the fold is not seen arriving, so
 * the count flashes once when it goes up; it stays still when it goes down or stays the same.
 */
export function ColumnCount({ count, bumpColor }: { count: number; bumpColor: string }) {
  const t = useTranslations("columns");
  const [previous, setPrevious] = useState(count);
  const [increases, setIncreases] = useState(0);
  if (count !== previous) {
    // Adjusting state while rendering (React's pattern for reacting to a changed prop).
    setPrevious(count);
    if (count > previous) setIncreases((n) => n + 1);
  }

  return (
    <p
      // A new key restarts the animation on each increase.
      key={increases}
      className={`min-w-9 shrink-0 rounded-md px-2 text-center text-xl font-bold whitespace-nowrap text-zinc-100 tabular-nums ${
        increases > 0 ? `motion-safe:animate-bump ${bumpColor}` : ""
      }`}
    >
      {/* The number alone: it fits beside the title in a narrow column; readers hear the phrase. */}
      <span aria-hidden="true">{count}</span>
      <span className="sr-only">{t("count", { count })}</span>
    </p>
  );
}
