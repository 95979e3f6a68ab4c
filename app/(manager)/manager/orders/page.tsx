import type { Metadata } from "next";
import { forbidden } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { HistoryView } from "@/components/history/history-view";
import { NewOrderButton } from "@/components/own-order/new-order-button";
import { storesForViewer } from "@/lib/auth/kitchen";
import { channelsOfRestaurants } from "@/lib/db/channel-directory";
import { getDb } from "@/lib/db";
import { requirePageViewer } from "@/lib/auth/page";
import { searchParamsRecord } from "@/lib/contract/search-params";
import { filtersQuery, historyFiltersSchema } from "@/lib/contract/history";
import { historyPageFor } from "@/lib/history/history-for-viewer";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("history");
  return { title: t("title") };
}

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** The order history: filters in the URL, Comanda's orders merged with the platform's list. */
export default async function OrdersPage({ searchParams }: { searchParams: SearchParams }) {
  const viewer = await requirePageViewer({ role: "manager" }, "/manager/orders");
  const parsed = historyFiltersSchema.safeParse(searchParamsRecord(await searchParams));
  // A hand-edited URL with a bad value shows the unfiltered history rather than an error page.
  const filters = parsed.success ? parsed.data : historyFiltersSchema.parse({});
  const [t, stores] = await Promise.all([getTranslations("history"), storesForViewer(viewer)]);
  if (filters.store && !stores.some((store) => store.id === filters.store)) forbidden();
  const channels = await channelsOfRestaurants(
    await getDb(),
    stores.map((store) => store.id),
  );
  // A channel of another's restaurant is refused as a foreign store is.
  if (filters.channel && !channels.some((channel) => channel.id === filters.channel)) forbidden();
  const page = await historyPageFor(viewer, filters);
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-extrabold">{t("title")}</h1>
        {/* The back office takes the restaurant's own orders too (issue 30): a phone at the office. */}
        <div className="flex flex-wrap items-center gap-3">
          <NewOrderButton stores={stores.map(({ id, name }) => ({ id, name }))} />
        </div>
      </div>
      <HistoryView
        initial={page}
        initialQuery={filtersQuery(filters)}
        stores={stores.map(({ id, name }) => ({ id, name }))}
        channels={channels.map(({ id, restaurantId, label, platform }) => ({
          id,
          storeId: restaurantId,
          label,
          platform,
        }))}
      />
    </div>
  );
}
