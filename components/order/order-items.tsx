import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import type { ReviewItem } from "@/lib/contract/order-review";

/**
 * What to make: big quantities, options indented (already multiplied), instructions boxed.
 * `lineExtra`: what a line offers beside it (the board's "out of stock").
 */
export function OrderItems({
  items: lines,
  lineExtra,
}: {
  items: ReviewItem[];
  lineExtra?: (line: ReviewItem) => ReactNode;
}) {
  const t = useTranslations("details");
  if (lines.length === 0) return <p className="text-zinc-400">{t("noItems")}</p>;
  return (
    <ul className="flex flex-col gap-3" aria-label={t("items")}>
      {lines.map((line, index) => (
        <li key={index} className="rounded-lg bg-zinc-800 px-4 py-3">
          <p className="flex gap-3 text-2xl font-bold">
            <span className="tabular-nums">{line.quantity}×</span>
            <span className="break-words">
              {line.name}
              {line.unit && <span className="text-lg font-normal text-zinc-300"> ({line.unit})</span>}
            </span>
          </p>
          {line.options.length > 0 && (
            <ul className="mt-1 ml-10 flex flex-col gap-0.5 text-xl text-zinc-200">
              {line.options.map((option, i) => (
                <li key={i}>
                  <span className="tabular-nums">{option.quantity}×</span> {option.name}
                </li>
              ))}
            </ul>
          )}
          {line.instructions && (
            <p className="mt-2 rounded-md border-2 border-late bg-late/10 px-3 py-2 text-xl font-semibold text-late">
              <span aria-hidden="true">✎ </span>
              <span className="sr-only">{t("instructions")}: </span>
              {line.instructions}
            </p>
          )}
          {lineExtra?.(line)}
        </li>
      ))}
    </ul>
  );
}
