import Link from "next/link";
import { useTranslations } from "next-intl";
import { filtersQuery, type HistoryFilters } from "@/lib/contract/history";
import { linkButtonClass } from "@/components/ui/button";
import { inPlaceClick, type NavigateInPlace } from "./in-place";

/**
 * Previous / next page links that keep the filters (plain links: shareable, no script). Each
 * carries its page's cursor (keyset paging, lib/history/history.ts): the page number is shown
 * as the manager walked to it, the rows are found by the cursor.
 */
export function HistoryPagination({
  filters,
  page,
  pageCount,
  next,
  previous,
  more = false,
  onNavigate,
}: {
  filters: HistoryFilters;
  page: number;
  pageCount: number;
  next: string | null;
  previous: string | null;
  /** The count stopped at pageCount's orders: more pages follow (HistoryPage.totalCapped). */
  more?: boolean;
  /** Paging stays on the page (rows fetched as JSON) when given. */
  onNavigate?: NavigateInPlace;
}) {
  const t = useTranslations("history");
  if (!next && !previous) return null;
  const href = (cursor: string) => {
    const query = filtersQuery(filters, { cursor: undefined });
    return `/manager/orders?${query ? `${query}&` : ""}cursor=${cursor}`;
  };
  return (
    <nav aria-label={t("pagination")} className="flex items-center justify-between gap-3">
      {previous ? (
        <Link
          href={href(previous)}
          onClick={inPlaceClick(href(previous), onNavigate)}
          prefetch={false}
          rel="prev"
          className={linkButtonClass("outline")}
        >
          ← {t("previous")}
        </Link>
      ) : (
        <span />
      )}
      <span className="text-lg text-zinc-300">
        {t(more ? "pageOfMore" : "page", { page: String(page), count: String(pageCount) })}
      </span>
      {next ? (
        <Link
          href={href(next)}
          onClick={inPlaceClick(href(next), onNavigate)}
          prefetch={false}
          rel="next"
          className={linkButtonClass("outline")}
        >
          {t("next")} →
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
