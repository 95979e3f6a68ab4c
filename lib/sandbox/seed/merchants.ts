import { randomBytes } from "node:crypto";
import { seedCustomers, stores } from "../catalog";
import type { StoreDef } from "../catalog/types";
import { merchantIdOfKey } from "../merchant-id";
import type { Merchant } from "../types";
import { orderMenusOf, type Menu } from "./order-menu";

/** An interchange merchant: a store of the catalogue, with the menus its generated orders use. */
export type MerchantSeed = {
  key: string;
  name: string;
  serviceId: string;
  menu: Menu;
  virtualBrands: { name: string; share: number; menu: Menu }[];
};

const seedOf = (store: StoreDef): MerchantSeed => ({
  key: store.merchantKey,
  name: store.name,
  serviceId: store.serviceId,
  ...orderMenusOf(store),
});

export const merchantSeeds: readonly MerchantSeed[] = stores.map(seedOf);

export const merchantIdOf = (seed: MerchantSeed): string => merchantIdOfKey(seed.key);

export function seedFor(merchantId: string): MerchantSeed | undefined {
  return merchantSeeds.find((seed) => merchantIdOf(seed) === merchantId);
}

/** Each merchant's display ids start in their own thousands, so two boards rarely show the same number. */
export function firstDisplayIdOf(merchantKey: string): number {
  return (
    1000 +
    Math.max(
      0,
      merchantSeeds.findIndex((seed) => seed.key === merchantKey),
    ) *
      3000
  );
}

const secret = () => randomBytes(24).toString("base64url");
const clientIdFor = (seed: MerchantSeed, api: string) => `${seed.serviceId}-${api}-${randomBytes(4).toString("hex")}`;

/** Customers with a store login, so the store API's password grant works on a fresh data folder. */
export const SEEDED_CUSTOMERS = 3;

/**
 * The catalogue's customers (with profiles, addresses and points) for a merchant of the brand;
 * placeholder logins for any other merchant.
 */
function seededCustomers(seed: MerchantSeed): Merchant["customers"] {
  const catalogue = seedCustomers(merchantIdOf(seed));
  if (catalogue.length > 0)
    return catalogue.map((customer) => ({
      customerId: customer.id,
      username: customer.username,
      password: customer.password,
    }));
  return Array.from({ length: SEEDED_CUSTOMERS }, (_, i) => ({
    customerId: 1001 + i,
    username: `cliente${i + 1}.${seed.serviceId}@example.com`,
    password: randomBytes(9).toString("base64url"),
  }));
}

/**
 * Credentials are random per data folder (like a real platform issuing them on registration)
 * and persisted in the snapshot, so a restart keeps them.
 */
export function createMerchant(seed: MerchantSeed): Merchant {
  return completeMerchant({
    merchantId: merchantIdOf(seed),
    name: seed.name,
    serviceId: seed.serviceId,
    interchange: { clientId: `${seed.serviceId}-${randomBytes(4).toString("hex")}`, clientSecret: secret() },
  });
}

/** Fills in the admin and store credentials and customers a snapshot from an older sandbox lacks. */
export function completeMerchant(
  merchant: Omit<Merchant, "admin" | "store" | "customers"> & Partial<Merchant>,
): Merchant {
  const seed = seedFor(merchant.merchantId);
  const fallback = seed ?? ({ serviceId: merchant.serviceId, key: merchant.merchantId } as MerchantSeed);
  return {
    ...merchant,
    admin: merchant.admin ?? {
      clientId: clientIdFor(fallback, "admin"),
      clientSecret: secret(),
      username: `api.${fallback.serviceId}`,
      password: secret(),
    },
    store: merchant.store ?? { clientId: clientIdFor(fallback, "store"), clientSecret: secret() },
    customers: merchant.customers ?? seededCustomers(fallback),
  };
}
