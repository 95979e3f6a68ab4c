import { merchantIdOfKey } from "../merchant-id";
import { stores } from "./stores";
import type { PizzaSizeDef, StoreDef } from "./types";

export { seedCustomers, type SeedCustomer } from "./customers";
export { stores } from "./stores";
export * from "./brand";
export type * from "./types";

/** The interchange merchant id a store's orders go to, on the platform `platformKey` (identity.ts). */
export const merchantIdOfStore = (store: StoreDef, platformKey = ""): string =>
  merchantIdOfKey(store.merchantKey, platformKey);

export const storeByServiceId = (serviceId: string) => stores.find((s) => s.serviceId === serviceId);

export const storeByMerchantId = (merchantId: string) => stores.find((s) => merchantIdOfStore(s) === merchantId);

/** A pizza line's name on the interchange order, whether the store API or the generator made it. */
export const pizzaLineName = (size: PizzaSizeDef) => `${size.name} (${size.slices} fatias)`;
