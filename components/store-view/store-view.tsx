import { getTranslations } from "next-intl/server";
import { Notice } from "@/components/ui/notice";
import type { StoreViewResult } from "@/lib/stores/store-view";
import { DeliveryMap } from "./delivery-map";
import { MenuBrowser } from "./menu-browser";
import { StoreSummary } from "./store-summary";
import { TestOrderButton } from "./test-order-button";

/** The store page's body: what the store API says about one store, or a sentence why not. */
export async function StoreView({ result, storeId }: { result: StoreViewResult; storeId: string }) {
  const t = await getTranslations("storeView");
  if (!result.ok) {
    const text =
      result.reason === "disabled"
        ? t("storeDisabled")
        : result.reason === "not_configured"
          ? t("notConfigured")
          : t("unavailable", { detail: result.detail });
    return <Notice tone="error">{text}</Notice>;
  }
  const { store, areas, locations, paymentForms, menu } = result.view;
  return (
    <>
      <p className="text-zinc-400">{t("source")}</p>
      <StoreSummary store={store} paymentForms={paymentForms} now={new Date()} />
      <TestOrderButton storeId={storeId} />
      <DeliveryMap storeName={store.name} storeLocation={store.location} areas={areas} locations={locations} />
      <MenuBrowser menu={menu} />
    </>
  );
}
