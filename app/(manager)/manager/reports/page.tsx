import type { Metadata } from "next";
import { forbidden } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";
import { LazyReportCharts } from "@/components/reports/lazy-report-charts";
import { StoreComparison } from "@/components/reports/store-comparison";
import { ChannelTable } from "@/components/reports/channel-table";
import { ReportFilters } from "@/components/reports/report-filters";
import { shortDay } from "@/components/reports/report-format";
import { SummaryTiles } from "@/components/reports/summary-tiles";
import { storesForViewer } from "@/lib/auth/kitchen";
import { requirePageViewer } from "@/lib/auth/page";
import { DEFAULT_TIME_ZONE } from "@/lib/i18n/config";
import { clampToLimit, withDefaultDates } from "@/lib/reports/query";
import { reportQuerySchema } from "@/lib/contract/reports";
import { searchParamsRecord } from "@/lib/contract/search-params";
import { MAX_RANGE_DAYS } from "@/lib/contract/reports";
import { buildChainReport } from "@/lib/reports/chain-report";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("reports");
  return { title: t("title") };
}

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function ReportsPage({ searchParams }: { searchParams: SearchParams }) {
  const viewer = await requirePageViewer({ role: "manager" }, "/manager/reports");
  const limited = clampToLimit(searchParamsRecord(await searchParams));
  const parsed = reportQuerySchema.safeParse(limited.record);
  const [t, tMore, locale, stores] = await Promise.all([
    getTranslations("reports"),
    getTranslations("reportsMore"),
    getLocale(),
    storesForViewer(viewer),
  ]);
  const input = parsed.success ? parsed.data : {};
  if (input.store && !stores.some((store) => store.id === input.store)) forbidden();
  const query = withDefaultDates(input, new Date(), DEFAULT_TIME_ZONE);
  // A chain: each store's figures side by side (only when the report covers several).
  const { report, stores: perStore } = await buildChainReport(viewer, query);
  const storeReports = perStore.map((each) => ({
    id: each.id,
    name: stores.find((store) => store.id === each.id)?.name ?? each.id,
    summary: each.report.current.summary,
  }));
  // Each restaurant's channels beside its total: the chain's one by one, else the one report's.
  const channelTables =
    perStore.length > 0
      ? perStore.map((each) => ({ id: each.id, report: each.report }))
      : report.storeIds.length === 1
        ? [{ id: report.storeIds[0]!, report }]
        : [];
  const storeName = (id: string) => stores.find((store) => store.id === id)?.name ?? id;
  const day = (value: string) => shortDay(locale, value, true);

  return (
    <>
      <h1 className="mb-4 text-3xl font-extrabold">{t("title")}</h1>
      <ReportFilters from={query.from} to={query.to} store={query.store} stores={stores} />
      {limited.clamped && parsed.success && (
        <p role="status" className="mb-4 rounded-lg border-2 border-amber-400 p-3 text-lg">
          {tMore("clamped", { days: String(MAX_RANGE_DAYS), from: day(query.from), to: day(query.to) })}
        </p>
      )}
      {!parsed.success && (
        <p role="alert" className="mb-4 rounded-lg border-2 border-amber-400 p-3 text-lg">
          {t("invalid")}
        </p>
      )}
      <p className="text-base text-zinc-300">
        {t("period", {
          from: day(report.current.from),
          to: day(report.current.to),
          previousFrom: day(report.previous.from),
          previousTo: day(report.previous.to),
        })}{" "}
        {t("timeZone", { timeZone: report.timeZone })}
      </p>
      <div className="mt-4">
        <SummaryTiles report={report} />
        <p className="mb-4 text-base text-zinc-400">{tMore("revenueCaption")}</p>
        {storeReports.length > 1 && <StoreComparison stores={storeReports} currency={report.currency} />}
        {channelTables.map((each) => (
          <ChannelTable
            key={each.id}
            storeName={stores.length > 1 ? storeName(each.id) : undefined}
            channels={each.report.perChannel}
            total={each.report.current.summary}
            currency={each.report.currency}
          />
        ))}
        <LazyReportCharts report={report} />
      </div>
    </>
  );
}
