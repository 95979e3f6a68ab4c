import type { Metadata } from "next";
import { headers } from "next/headers";
import { getTranslations } from "next-intl/server";
import { MerchantSettings } from "@/components/merchant/merchant-settings";
import { IntegrationForm } from "@/components/integrations/integration-form";
import { NewStoreForm } from "@/components/integrations/new-store-form";
import { StorePicker } from "@/components/integrations/store-picker";
import { TimeZoneForm } from "@/components/integrations/time-zone-form";
import { WebhookInfo } from "@/components/integrations/webhook-info";
import { Notice } from "@/components/ui/notice";
import { requirePageViewer } from "@/lib/auth/page";
import { getDb } from "@/lib/db";
import { env } from "@/lib/env";
import { listConnections } from "@/lib/stores/connections";
import { listIntegrationViews } from "@/lib/stores/settings-view";
import { storeTimeZones } from "@/lib/stores/time-zones";
import { webhookAddress } from "@/lib/integrations/webhook-address";
import { rememberedDiscovery } from "@/lib/sync/discovery";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("integrations");
  return { title: t("title") };
}

export default async function IntegrationsPage({
  searchParams,
}: {
  searchParams: Promise<{ store?: string | string[]; created?: string | string[] }>;
}) {
  const viewer = await requirePageViewer({ role: "manager" }, "/manager/integrations");
  const [t, views, query, headerList] = await Promise.all([
    getTranslations("integrations"),
    listIntegrationViews(await getDb(), viewer),
    searchParams,
    headers(),
  ]);
  const wanted = typeof query.store === "string" ? query.store : undefined;
  const view = views.find((candidate) => candidate.id === wanted) ?? views[0];
  const zones = view ? await storeTimeZones(await getDb(), [view.restaurantId]) : new Map<string, string>();
  // The viewer's restaurants, each once (a restaurant with two channels has two settings).
  const restaurants = [...new Map(views.map((entry) => [entry.restaurantId, entry.name])).entries()].map(
    ([id, name]) => ({ id, name }),
  );
  const channelName = (entry: (typeof views)[number]) => t("storeChannel", { store: entry.name, channel: entry.label });
  const defaults = {
    pollIntervalSeconds: env.pollIntervalSeconds,
    confirmDeadlineMinutes: env.CONFIRM_DEADLINE_MINUTES,
  };
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="mb-2 text-3xl font-extrabold">{t("title")}</h1>
        <p className="text-lg text-zinc-300">{t("intro")}</p>
      </div>
      {query.created === "1" && <Notice tone="success">{t("created")}</Notice>}
      {view ? (
        <>
          <StorePicker stores={views.map((entry) => ({ id: entry.id, name: channelName(entry) }))} selected={view.id} />
          <IntegrationForm key={view.id} view={view} defaults={defaults} restaurants={restaurants} />
          <TimeZoneForm
            key={`zone-${view.restaurantId}`}
            storeId={view.restaurantId}
            timeZone={zones.get(view.restaurantId)!}
          />
          <WebhookInfo
            webhook={webhookAddress(headerList, rememberedDiscovery(view.connection.id)?.dialect)}
            merchantId={view.id}
          />
          <MerchantSettings key={`merchant-${view.restaurantId}`} storeId={view.restaurantId} />
        </>
      ) : (
        <p className="text-lg">{t("noStores")}</p>
      )}
      {viewer.role === "admin" && (
        <NewStoreForm
          defaults={defaults}
          connections={await listConnections(await getDb())}
          restaurants={restaurants}
        />
      )}
    </div>
  );
}
