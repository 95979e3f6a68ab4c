import { merchantIdOf, merchantSeeds } from "../seed/merchants";
import { stores } from "./stores";
import type { StoreDef } from "./types";

export { seedCustomers, type SeedCustomer } from "./customers";
export { stores } from "./stores";
export * from "./brand";
export type * from "./types";

/** The interchange merchant id a store's orders go to (its seed shares the store's merchant key). */
export function merchantIdOfStore(store: StoreDef): string {
  const seed = merchantSeeds.find((s) => s.key === store.merchantKey);
  if (!seed) throw new Error(`store ${store.serviceId} has no merchant seed ${store.merchantKey}`);
  return merchantIdOf(seed);
}

export const storeByServiceId = (serviceId: string) => stores.find((s) => s.serviceId === serviceId);

export const storeByMerchantId = (merchantId: string) => stores.find((s) => merchantIdOfStore(s) === merchantId);
