import { DEFAULT_TIME_ZONE } from "@/lib/i18n/config";

/**
 * The time zone an order's hour and day are counted in: its store's (stores.time_zone, read by
 * lib/stores/time-zones.ts and passed in as `zones`), else America/Sao_Paulo.
 */
export function storeTimeZone(storeId: string, zones?: ReadonlyMap<string, string>): string {
  return zones?.get(storeId) ?? DEFAULT_TIME_ZONE;
}
