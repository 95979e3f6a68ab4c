import Link from "next/link";
import { useTranslations } from "next-intl";
import { filtersQuery, type HistoryFilters } from "@/lib/contract/history";
import { linkButtonClass } from "@/components/ui/button";
import { inPlaceClick, type NavigateInPlace } from "./in-place";

/** Previous / next page links that keep the filters (plain links: shareable, no script). */
export function HistoryPagination({
  filters,
  page,
  pageCount,
  more = false,
  onNavigate,
}: {
  filters: HistoryFilters;
  page: number;
  pageCount: number;
  /** The count stopped at pageCount's orders: more pages follow (HistoryPage.totalCapped). */
  more?: boolean;
  /** Paging stays on the page (rows fetched as JSON) when given. */
  onNavigate?: NavigateInPlace;
}) {
  const t = useTranslations("history");
  if (pageCount <= 1 && !more) return null;
  const href = (target: number) => {
    const query = filtersQuery(filters, { page: target });
    return query ? `/manager/orders?${query}` : "/manager/orders";
  };
  return (
    <nav aria-label={t("pagination")} className="flex items-center justify-between gap-3">
      {page > 1 ? (
        <Link
          href={href(page - 1)}
          onClick={inPlaceClick(href(page - 1), onNavigate)}
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
      {page < pageCount || more ? (
        <Link
          href={href(page + 1)}
          onClick={inPlaceClick(href(page + 1), onNavigate)}
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
