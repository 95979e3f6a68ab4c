import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { forbidden } from "next/navigation";
import { KitchenSettingsForm } from "@/components/manager/kitchen-settings-form";
import { MenuMappingPanel } from "@/components/merchant/menu-mapping";
import { PrintersForm } from "@/components/manager/printers-form";
import { StationsForm } from "@/components/manager/stations-form";
import { StoreView } from "@/components/store-view/store-view";
import { StorePicker } from "@/components/store-view/store-picker";
import { storesForViewer } from "@/lib/auth/kitchen";
import { requirePageViewer } from "@/lib/auth/page";
import { storeChoiceSchema } from "@/lib/contract/route-params";
import { searchParamsRecord } from "@/lib/contract/search-params";
import { loadStorePage } from "@/lib/stores/store-view";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("storeView");
  return { title: t("title") };
}

export default async function StorePage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const viewer = await requirePageViewer({ role: "manager" }, "/manager/store");
  const { store: asked } = storeChoiceSchema.parse(searchParamsRecord(await searchParams));
  const [t, stores] = await Promise.all([getTranslations("storeView"), storesForViewer(viewer)]);
  const selected = asked ? stores.find((store) => store.id === asked) : stores[0];
  // A store the viewer does not manage is refused like any other resource of another store.
  if (asked && !selected) forbidden();
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-3xl font-extrabold">{t("title")}</h1>
        {stores.length > 1 && selected && <StorePicker stores={stores} selected={selected.id} />}
      </div>
      {selected && <KitchenSettingsForm key={selected.id} storeId={selected.id} />}
      {selected && <StationsForm key={selected.id} storeId={selected.id} />}
      {selected && <PrintersForm key={selected.id} storeId={selected.id} />}
      {selected && <MenuMappingPanel key={selected.id} storeId={selected.id} />}
      {selected ? (
        <StoreView result={await loadStorePage(selected.id)} storeId={selected.id} />
      ) : (
        <p className="text-lg">{t("noStores")}</p>
      )}
    </div>
  );
}
