import { DEFAULT_TIME_ZONE } from "@/lib/i18n/config";

/**
 * The time zone an order's hour and day are counted in: its store's. Stores carry no time zone
 * yet (neither the platform's order nor our stores table has one), so every store is in
 * America/Sao_Paulo — the app's default for all displayed times. When stores get a zone, pass
 * it here; the rest of the report already buckets per store.
 */
export function storeTimeZone(storeId: string, zones?: ReadonlyMap<string, string>): string {
  return zones?.get(storeId) ?? DEFAULT_TIME_ZONE;
}
