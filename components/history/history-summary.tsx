import { useLocale, useTranslations } from "next-intl";
import type { HistoryPage } from "@/lib/history/types";
import { formatDay } from "./format";

/** How many orders, over which days, and what the platform's list could not add. */
export function HistorySummary({ page }: { page: HistoryPage }) {
  const t = useTranslations("history");
  const locale = useLocale();
  return (
    <div className="flex flex-col gap-2">
      {page.warnings.length > 0 && (
        <ul role="status" className="flex flex-col gap-1">
          {page.warnings.map((warning) => (
            <li
              key={`${warning.storeId}-${warning.kind}`}
              className="rounded-md border-2 border-attention px-3 py-2 text-lg text-attention"
            >
              <span aria-hidden="true">⚠ </span>
              {t(`warning.${warning.kind}`, { store: warning.storeName })}
            </li>
          ))}
        </ul>
      )}
      <p role="status" className="text-lg text-zinc-300">
        {t(page.totalCapped ? "resultsMore" : "results", {
          count: page.total,
          from: formatDay(locale, page.fromDay),
          to: formatDay(locale, page.toDay),
        })}
      </p>
      {page.total === 0 && <p className="text-lg">{t("empty")}</p>}
    </div>
  );
}
