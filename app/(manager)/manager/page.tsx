import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ChainOverview } from "@/components/overview/chain-overview";
import { storesForViewer } from "@/lib/auth/kitchen";
import { requirePageViewer } from "@/lib/auth/page";
import { getDb } from "@/lib/db";
import { storeAvailability } from "@/lib/overview/availability";
import { channelState } from "@/lib/overview/channels";
import { channelsOfRestaurants } from "@/lib/db/channel-directory";
import { todayFigures } from "@/lib/overview/today";
import { storeTimeZones } from "@/lib/stores/time-zones";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("overview");
  return { title: t("title") };
}

/** The back office's home: every store of the manager on one screen, live. */
export default async function ManagerHome() {
  const viewer = await requirePageViewer({ role: "manager" }, "/manager");
  const [t, stores] = await Promise.all([getTranslations("overview"), storesForViewer(viewer)]);
  const db = await getDb();
  const zones = await storeTimeZones(
    db,
    stores.map((store) => store.id),
  );
  const now = new Date();
  const [figures, availability, channels] = await Promise.all([
    todayFigures(
      db,
      stores.map((store) => ({ id: store.id, timeZone: zones.get(store.id) })),
    ),
    storeAvailability(
      db,
      stores.map((store) => store.id),
      now,
    ),
    // The overview is about connections: the restaurant's own channels (counter, phone…) have none.
    channelsOfRestaurants(
      db,
      stores.map((store) => store.id),
      { platformOnly: true },
    ),
  ]);
  const empty = { orders: 0, revenue: 0 };
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-3xl font-extrabold">{t("title")}</h1>
      {stores.length === 0 ? (
        <p className="text-lg">{t("noStores")}</p>
      ) : (
        <ChainOverview
          stores={stores.map((store) => ({
            id: store.id,
            name: store.name,
            availability: availability.get(store.id) ?? null,
            today: figures.get(store.id)?.today ?? empty,
            lastWeek: figures.get(store.id)?.lastWeek ?? empty,
            channels: channels
              .filter((channel) => channel.restaurantId === store.id)
              .map((channel) => ({
                id: channel.id,
                label: channel.label,
                color: channel.color,
                platform: channel.platform,
                state: channelState(channel, now),
              })),
          }))}
        />
      )}
    </div>
  );
}
