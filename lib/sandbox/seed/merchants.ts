import { randomBytes } from "node:crypto";
import { seedCustomers, stores } from "../catalog";
import type { StoreDef } from "../catalog/types";
import { merchantIdOfKey } from "../merchant-id";
import type { Integrator, Merchant } from "../types";
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

/** A seed's merchant id on the platform `platformKey` ("" the first platform; see identity.ts). */
export const merchantIdOf = (seed: MerchantSeed, platformKey = ""): string => merchantIdOfKey(seed.key, platformKey);

export function seedFor(merchantId: string, platformKey = ""): MerchantSeed | undefined {
  return merchantSeeds.find((seed) => merchantIdOf(seed, platformKey) === merchantId);
}

/** The seed whose menus a merchant's orders use: its own, or the one a generated merchant copies. */
export function seedOfMerchant(
  merchant: Pick<Merchant, "merchantId" | "seedKey">,
  platformKey = "",
): MerchantSeed | undefined {
  return merchant.seedKey
    ? merchantSeeds.find((seed) => seed.key === merchant.seedKey)
    : seedFor(merchant.merchantId, platformKey);
}

/**
 * Each merchant's display ids start in their own thousands, so two boards rarely show the same
 * number; on the second platform ("p2") halfway through that block, as two real platforms number
 * apart (the same number on two platforms still happens: a kitchen tells them apart by the card's
 * channel). Display ids stay four digits (state.ts).
 */
export function firstDisplayIdOf(merchantKey: string, platformKey = ""): number {
  const platformOffset = platformKey ? ((Number(platformKey.slice(1)) - 1) * 1_500) % 3_000 : 0;
  return (
    platformOffset +
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
export function createMerchant(seed: MerchantSeed, platformKey = ""): Merchant {
  return completeMerchant(
    {
      merchantId: merchantIdOf(seed, platformKey),
      name: seed.name,
      serviceId: seed.serviceId,
      interchange: { clientId: `${seed.serviceId}-${randomBytes(4).toString("hex")}`, clientSecret: secret() },
    },
    platformKey,
  );
}

/** Fills in the admin and store credentials and customers a snapshot from an older sandbox lacks. */
export function completeMerchant(
  merchant: Omit<Merchant, "admin" | "store" | "customers"> & Partial<Merchant>,
  platformKey = "",
): Merchant {
  const seed = seedFor(merchant.merchantId, platformKey);
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

/** The integrator the default seed's merchants are registered under (how a Software Service is). */
export const DEFAULT_INTEGRATOR_NAME = "Comanda";

export function createIntegrator(name: string, merchantIds: string[]): Integrator {
  return { name, clientId: `integrator-${randomBytes(6).toString("hex")}`, clientSecret: secret(), merchantIds };
}

/**
 * `count` more merchants (for load and chaos tests): each copies a catalogue store's menus in
 * turn, with its own id, name, service id and credentials. `ordinal` numbers them from there.
 */
export function generateMerchants(count: number, ordinal: number, platformKey = ""): Merchant[] {
  return Array.from({ length: count }, (_, i) => {
    const n = ordinal + i + 1;
    const seed = merchantSeeds[(n - 1) % merchantSeeds.length]!;
    const serviceId = `gen-${String(n).padStart(4, "0")}`;
    return completeMerchant({
      merchantId: merchantIdOfKey(`generated:${n}`, platformKey),
      name: `${seed.name} ${String(n).padStart(4, "0")}`,
      serviceId,
      seedKey: seed.key,
      interchange: { clientId: `${serviceId}-${randomBytes(4).toString("hex")}`, clientSecret: secret() },
    });
  });
}
