import "server-only";
import { createHash } from "node:crypto";
import { getDb } from "@/lib/db";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { log } from "@/lib/log";
import { PlatformError } from "@/lib/open-delivery/http";
import { loadEnabledStores, type StoreConfig } from "@/lib/stores/config";
import { StoreApiClient } from "./store-client";
import { problemOf } from "./store-http";
import type { DeliveryArea, PaymentForm, SpecificLocation, StoreInfo, StoreMenu } from "./store-types";
import { processSingleton } from "@/lib/process-singleton";

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

// One client (and so one cached token) per store and set of credentials, for the whole process.
const storeApiClients = () => processSingleton("storeApiClients", () => new Map<string, StoreApiClient>());

export function storeApiClient(config: StoreConfig): StoreApiClient | null {
  if (!config.storeApi || !config.serviceId) return null;
  const { clientId, clientSecret } = config.storeApi;
  // Keyed by a digest of the credentials, so new credentials get a new token, and no secret is a map key.
  const key = createHash("sha256").update(JSON.stringify([config.id, config.baseUrl, config.serviceId, clientId, clientSecret])).digest("hex");
  const clients = storeApiClients();
  let client = clients.get(key);
  if (!client) {
    client = new StoreApiClient({ baseUrl: config.baseUrl, serviceId: config.serviceId, clientId, clientSecret, timeoutMs: env.PLATFORM_TIMEOUT_MS });
    clients.set(key, client);
  }
  return client;
}

export async function storeConfig(storeId: string): Promise<StoreConfig> {
  const config = (await loadEnabledStores(await getDb())).find((store) => store.id === storeId);
  if (!config) throw new AppError("not_found", "This store is not connected to Comanda (or is disabled).");
  return config;
}

/** A sentence on what went wrong with the platform, for the log and the manager. */
export function describePlatformFailure(error: unknown): string {
  const problem = problemOf(error);
  if (problem?.message) return problem.message;
  if (error instanceof PlatformError) return error.message;
  return error instanceof Error ? error.message : String(error);
}

/** Everything the store page shows, fetched in parallel; a failure is a result, not a crash. */
export async function loadStoreView(config: StoreConfig): Promise<StoreViewResult> {
  const client = storeApiClient(config);
  if (!client) {
    return { ok: false, reason: "not_configured", detail: !config.serviceId ? "no service id (X-Service-ID)" : "no store API client id and secret" };
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
  const config = (await loadEnabledStores(await getDb())).find((store) => store.id === storeId);
  if (!config) return { ok: false, reason: "disabled", detail: "" };
  return loadStoreView(config);
}
