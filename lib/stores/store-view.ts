import "server-only";
import { getDb } from "@/lib/db";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { log } from "@/lib/log";
import { loadEnabledChannels, type ChannelConfig } from "@/lib/stores/config";
import { clientForStore } from "@/lib/platform/client-cache";
import { describePlatformFailure } from "@/lib/platform/errors";
import { StoreApiClient } from "@/lib/platform/store-api/client";
import type { DeliveryArea, PaymentForm, SpecificLocation, StoreInfo, StoreMenu } from "@/lib/platform/store-api/types";

export interface StoreView {
  store: StoreInfo;
  areas: DeliveryArea[];
  locations: SpecificLocation[];
  paymentForms: PaymentForm[];
  menu: StoreMenu;
}

export type StoreViewResult =
  | { ok: true; view: StoreView }
  /** not_configured: no store API credentials (or service id); unavailable: the platform failed. */
  | { ok: false; reason: "not_configured" | "unavailable" | "disabled"; detail: string };

/** The store's store API client, or null when the store lacks the service id or credentials. */
export function storeApiClient(config: ChannelConfig): StoreApiClient | null {
  const { storeApi, serviceId, baseUrl } = config;
  if (!storeApi || !serviceId) return null;
  const connection = { baseUrl, serviceId, ...storeApi, timeoutMs: env.PLATFORM_TIMEOUT_MS };
  return clientForStore("storeApi", config.id, [baseUrl, serviceId, storeApi], () => new StoreApiClient(connection));
}

export async function storeConfig(storeId: string): Promise<ChannelConfig> {
  const config = (await loadEnabledChannels(await getDb())).find((store) => store.id === storeId);
  if (!config) throw new AppError("not_found", "This store is not connected to Comanda (or is disabled).");
  return config;
}

/** Everything the store page shows, fetched in parallel; a failure is a result, not a crash. */
export async function loadStoreView(config: ChannelConfig): Promise<StoreViewResult> {
  const client = storeApiClient(config);
  if (!client) {
    return {
      ok: false,
      reason: "not_configured",
      detail: !config.serviceId ? "no service id (X-Service-ID)" : "no store API client id and secret",
    };
  }
  try {
    const [store, areas, locations, paymentForms, menu] = await Promise.all([
      client.store(),
      client.deliveryAreas(),
      client.specificLocations(),
      client.paymentForms(),
      client.menu(),
    ]);
    return { ok: true, view: { store, areas, locations, paymentForms, menu } };
  } catch (error) {
    const detail = describePlatformFailure(error);
    log.warn({ storeId: config.id, err: detail }, "store API unavailable for the store page");
    return { ok: false, reason: "unavailable", detail };
  }
}

/** The store page's one call: the store's configuration, then everything it shows. */
export async function loadStorePage(storeId: string): Promise<StoreViewResult> {
  const config = (await loadEnabledChannels(await getDb())).find((store) => store.id === storeId);
  if (!config) return { ok: false, reason: "disabled", detail: "" };
  return loadStoreView(config);
}
