import { seedCustomers, storeByServiceId, type SeedCustomer } from "../catalog";
import type { AddressDef, StoreDef } from "../catalog/types";
import type { Platform } from "../platform";
import { StoreApiError } from "./errors";
import type { PricedCart } from "./cart";
import type { OrderCreateInput } from "./order-schemas";
import { seedQueue, type QueueEntry } from "./queue";

// The store API's own state, one per platform instance: customer profiles, addresses, saved
// cards, store-API orders (integer ids pointing at interchange orders) and promotion usage.
// Logins (username, password, customerId) live in the platform's merchant records; this keeps
// what the store API adds to them. Memory only: a restart keeps logins and orders on the
// interchange side, and profiles start again from the catalogue seed.

export type Profile = Omit<SeedCustomer, "addresses" | "password" | "loyaltyPoints" | "username"> & {
  merchantId: string;
  emailActive: boolean;
  notificationActive: boolean;
  loyalty: { points: number; earnedAt: number }[];
  usedPoints: number;
};

export type SavedAddress = { id: number; merchantId: string; customerId: number; description: string | null; address: AddressDef };

export type SavedCard = {
  id: number;
  merchantId: string;
  customerId: number;
  brand: string;
  lastNumbers: number;
  expiryMonth: number;
  expiryYear: number;
  holderName: string;
  document: string;
  billingAddressId: number | null;
  isPrimary: boolean;
};

export type StoreOrder = {
  id: number;
  merchantId: string;
  interchangeId: string;
  customerId?: number;
  /** Guests are told apart by phone, for first-order vouchers and ordersCountOnMerchant. */
  phone: string;
  input: OrderCreateInput;
  cart: PricedCart;
  values: { subtotal: number; discount: number; deliveryFee: number; serviceFee: number; total: number };
  address: (AddressDef & { id: number | null }) | null;
  type: "DELIVERY" | "TAKEOUT" | "TABLE";
  createdAt: string;
  expectedTime: string;
  requiredChangeCents: number | null;
  pointsEarned: number;
};

export class StoreDomain {
  readonly profiles = new Map<string, Profile>();
  readonly addresses = new Map<number, SavedAddress>();
  readonly cards = new Map<number, SavedCard>();
  readonly orders: StoreOrder[] = [];
  readonly voucherUses = new Map<string, number>();
  private readonly queues = new Map<number, QueueEntry[]>();
  nextIds = { address: 1, card: 1, order: 100_001 };

  constructor(readonly platform: Platform) {}

  now(): Date {
    return this.platform.now();
  }

  nextId(kind: keyof StoreDomain["nextIds"]): number {
    return this.nextIds[kind]++;
  }

  storeOf(serviceId: string): StoreDef {
    const store = storeByServiceId(serviceId);
    if (!store) throw new StoreApiError(404, "store_not_found", `X-Service-ID ${serviceId} has no store catalogue`);
    return store;
  }

  queueOf(store: StoreDef): QueueEntry[] {
    let queue = this.queues.get(store.id);
    if (!queue) {
      queue = seedQueue(store, this.now().getTime());
      this.queues.set(store.id, queue);
    }
    return queue;
  }

  /** The customer's profile, created on first use from the seed (or from the login alone). */
  profile(merchantId: string, customerId: number): Profile {
    const key = `${merchantId}:${customerId}`;
    const existing = this.profiles.get(key);
    if (existing) return existing;
    const login = this.platform.state.merchant(merchantId)?.customers.find((c) => c.customerId === customerId);
    const seed = seedCustomers(merchantId).find((c) => c.id === customerId || c.username === login?.username);
    if (!seed && !login) throw new StoreApiError(401, "invalid_token", "The token's customer no longer exists");
    const email = seed?.email ?? login?.username ?? "";
    const profile: Profile = {
      id: customerId,
      firstName: seed?.firstName ?? email.split("@")[0] ?? "Cliente",
      lastName: seed?.lastName ?? "",
      email,
      telephone: seed?.telephone ?? "",
      birthDate: seed?.birthDate ?? "",
      document: seed?.document ?? "",
      receivePromotionalEmail: seed?.receivePromotionalEmail ?? false,
      referralRewards: seed?.referralRewards ?? 0,
      referralCode: seed?.referralCode ?? `VILA${customerId}`,
      individualVoucherIds: seed?.individualVoucherIds ?? [],
      merchantId,
      emailActive: seed?.receivePromotionalEmail ?? false,
      notificationActive: true,
      loyalty: (seed?.loyaltyPoints ?? []).map(([points, daysAgo]) => ({ points, earnedAt: this.now().getTime() - daysAgo * 86_400_000 })),
      usedPoints: 0,
    };
    this.profiles.set(key, profile);
    for (const a of seed?.addresses ?? []) this.saveAddress(merchantId, customerId, a.address, a.description);
    return profile;
  }

  saveAddress(merchantId: string, customerId: number, address: AddressDef, description: string | null): SavedAddress {
    const saved: SavedAddress = { id: this.nextId("address"), merchantId, customerId, description, address };
    this.addresses.set(saved.id, saved);
    return saved;
  }

  addressesOf(merchantId: string, customerId: number): SavedAddress[] {
    this.profile(merchantId, customerId);
    return [...this.addresses.values()].filter((a) => a.merchantId === merchantId && a.customerId === customerId);
  }

  addressOf(merchantId: string, customerId: number, addressId: number): SavedAddress {
    const found = this.addressesOf(merchantId, customerId).find((a) => a.id === addressId);
    if (!found) throw new StoreApiError(404, "not_found", `Address ${addressId} not found`);
    return found;
  }

  ordersOf(merchantId: string, who: { customerId?: number; phone?: string }): StoreOrder[] {
    return this.orders.filter(
      (o) => o.merchantId === merchantId && (who.customerId !== undefined ? o.customerId === who.customerId : o.phone === who.phone),
    );
  }
}

// Keyed by the platform's state, so the snapshot (written from the state) can reach it.
const domains = new WeakMap<object, StoreDomain>();
const pending = new WeakMap<object, (domain: StoreDomain) => void>();

/** The store API of a platform instance (routes and simulator share it). */
export function storeDomainOf(platform: Platform): StoreDomain {
  let domain = domains.get(platform.state);
  if (!domain) {
    domain = new StoreDomain(platform);
    domains.set(platform.state, domain);
    pending.get(platform.state)?.(domain);
    pending.delete(platform.state);
  }
  return domain;
}

export const existingDomainOf = (state: object) => domains.get(state);

/** Runs once the state's store API exists (a snapshot is read before the platform is built). */
export function whenDomainOf(state: object, restore: (domain: StoreDomain) => void): void {
  const domain = domains.get(state);
  if (domain) restore(domain);
  else pending.set(state, restore);
}
