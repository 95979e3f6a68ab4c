import { randomBytes } from "node:crypto";
import { stableUuid } from "../random";
import type { Merchant } from "../types";
import { burgerAcai } from "./burger-acai";
import type { MerchantSeed } from "./catalog";
import { pizzaria } from "./pizzaria";

export const merchantSeeds: readonly MerchantSeed[] = [pizzaria, burgerAcai];

/** Merchant ids are stable across data folders so configs and docs can name them. */
export function merchantIdOf(seed: MerchantSeed): string {
  return stableUuid(`merchant:${seed.key}`);
}

export function seedFor(merchantId: string): MerchantSeed | undefined {
  return merchantSeeds.find((seed) => merchantIdOf(seed) === merchantId);
}

/**
 * Credentials are random per data folder (like a real platform issuing them on registration)
 * and persisted in the snapshot, so a restart keeps them.
 */
export function createMerchant(seed: MerchantSeed): Merchant {
  return {
    merchantId: merchantIdOf(seed),
    name: seed.name,
    serviceId: seed.serviceId,
    interchange: {
      clientId: `${seed.serviceId}-${randomBytes(4).toString("hex")}`,
      clientSecret: randomBytes(24).toString("base64url"),
    },
  };
}
