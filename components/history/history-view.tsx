"use client";

import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { apiRequest } from "@/lib/contract/client";
import { historyPageSchema, type HistoryPageAnswer } from "@/lib/contract/history";
import { searchParamsRecord } from "@/lib/contract/search-params";
import { filtersQuery, historyFiltersSchema } from "@/lib/contract/history";
import { Button } from "@/components/ui/button";
import { HistoryFilterForm, type HistoryChannelChoice } from "./history-filter-form";
import { HistoryPagination } from "./history-pagination";
import { HistorySummary } from "./history-summary";
import { HistoryTable } from "./history-table";

/** One page of the history, by its query string (cached a moment: Back shows it at once). */
function historyQuery(query: string) {
  return {
    queryKey: ["history", query],
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      apiRequest(historyPageSchema, `/api/manager/orders?${query}`, { signal }),
    staleTime: 30_000,
  };
}

interface Props {
  /** The page the server rendered, and the query it answers (filters as in the URL). */
  initial: HistoryPageAnswer;
  initialQuery: string;
  stores: ReadonlyArray<{ id: string; name: string }>;
  channels: readonly HistoryChannelChoice[];
}

/**
 * The history's filters, summary, table and pages. The server renders the first page (it works
 * without script, and links and the form are plain GETs); then a filter, a sort or a page changes
 * the URL in place (history.pushState, which Next.js's router follows, so Back works) and only
 * the page's rows are fetched as JSON (GET /api/manager/orders): no new document, no layout or
 * translations rendered again. This is what keeps "filter → rows painted" within 300 ms at
 * 10,000 orders (scripts/bench/history-page.ts measures it).
 */
export function HistoryView({ initial, initialQuery, stores, channels }: Props) {
  const t = useTranslations("history");
  const params = useSearchParams();
  const parsed = historyFiltersSchema.safeParse(searchParamsRecord(new URLSearchParams(params.toString())));
  // A hand-edited URL with a bad value shows the unfiltered history, as the server page does.
  const filters = parsed.success ? parsed.data : historyFiltersSchema.parse({});
  const query = filtersQuery(filters);
  const queryClient = useQueryClient();
  const result = useQuery({
    ...historyQuery(query),
    // The server's page is fresh when the view mounts.
    initialData: query === initialQuery ? initial : undefined,
    // The current rows stay (marked busy) until the next ones arrive, so the table never blinks empty.
    placeholderData: keepPreviousData,
  });
  const navigate = (href: string) => {
    // The request leaves now, not after the router and React have rendered the new URL.
    const next = historyFiltersSchema.safeParse(searchParamsRecord(new URL(href, window.location.href).searchParams));
    if (next.success) void queryClient.prefetchQuery(historyQuery(filtersQuery(next.data)));
    window.history.pushState(null, "", href);
  };
  const page = result.data ?? initial;
  const busy = result.isFetching && result.isPlaceholderData;
  // The export keeps the filters and the sort, from the first row.
  const exportQuery = filtersQuery({ ...filters, cursor: undefined, from: page.fromDay, to: page.toDay });

  return (
    <>
      <HistoryFilterForm
        // Remounted when the URL changes (Back, Clear): the fields show the filters in force.
        key={query}
        filters={filters}
        fromDay={page.fromDay}
        toDay={page.toDay}
        stores={stores}
        channels={channels}
        exportHref={`/api/manager/orders/export?${exportQuery}`}
        onNavigate={navigate}
      />
      {result.isError && (
        <div role="alert" className="flex flex-wrap items-center gap-3 rounded-md border-2 border-overdue px-3 py-2">
          <p className="text-lg">{t("loadError")}</p>
          <Button variant="secondary" onClick={() => void result.refetch()}>
            {t("retry")}
          </Button>
        </div>
      )}
      <div aria-busy={busy} className={`flex flex-col gap-4 transition-opacity ${busy ? "opacity-60" : ""}`}>
        <HistorySummary page={page} />
        <HistoryTable
          rows={page.rows}
          filters={filters}
          sort={page.sort}
          dir={page.dir}
          showStore={stores.length > 1}
          onNavigate={navigate}
        />
        <HistoryPagination
          filters={filters}
          page={page.page}
          pageCount={page.pageCount}
          next={page.next}
          previous={page.previous}
          more={page.totalCapped}
          onNavigate={navigate}
        />
      </div>
    </>
  );
}
