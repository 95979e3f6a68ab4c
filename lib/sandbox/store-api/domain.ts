import { merchantIdOfStore, seedCustomers, storeByServiceId, stores } from "../catalog";
import { acceptsOrders, storeView } from "../merchant/controls";
import type { AddressDef, StoreDef } from "../catalog/types";
import { catalogueOn } from "../catalog/platform-catalogue";
import type { Platform } from "../platform";
import { StoreApiError } from "./errors";
import { seedQueue, type QueueEntry } from "./queue";
import { emptyStoreApiState, type Profile, type SavedAddress, type StoreApiState, type StoreOrder } from "./state";

/** The demo's hours when the sandbox opens its stores around the clock: every day, all day. */
const AROUND_THE_CLOCK: StoreDef["businessHours"] = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({
  weekday,
  shiftStart: "00:00:00-03:00",
  shiftEnd: "23:59:00-03:00",
}));

// The store API's behaviour over its state (./state, kept on the platform's SandboxState), one
// per platform instance. Logins (username, password, customerId) live in the platform's merchant
// records; the state keeps what the store API adds to them. Queue positions are memory only.

export class StoreDomain {
  private readonly queues = new Map<number, QueueEntry[]>();

  constructor(readonly platform: Platform) {
    // From its first use on, the snapshot carries the store API's state (even while still empty).
    platform.state.storeApi ??= emptyStoreApiState();
  }

  /** Read through the platform's state each time: a snapshot restored later replaces it whole. */
  private get data(): StoreApiState {
    return (this.platform.state.storeApi ??= emptyStoreApiState());
  }

  get profiles() {
    return this.data.profiles;
  }

  get addresses() {
    return this.data.addresses;
  }

  get cards() {
    return this.data.cards;
  }

  get orders() {
    return this.data.orders;
  }

  get voucherUses() {
    return this.data.voucherUses;
  }

  now(): Date {
    return this.platform.now();
  }

  nextId(kind: keyof StoreApiState["nextIds"]): number {
    return this.data.nextIds[kind]++;
  }

  storeOf(serviceId: string): StoreDef {
    const store = storeByServiceId(serviceId);
    if (!store) throw new StoreApiError(404, "store_not_found", `X-Service-ID ${serviceId} has no store catalogue`);
    return this.viewOf(store);
  }

  /**
   * The store as this platform lists it (its own item ids and names after the first platform,
   * catalog/platform-catalogue.ts), with what its merchant reported sold out taken off (merchant/controls.ts).
   */
  viewOf(store: StoreDef): StoreDef {
    const listed = catalogueOn(store, this.platform.state.platformKey);
    const view = storeView(listed, this.platform.state.merchant(this.merchantIdOf(store))?.controls);
    return this.platform.openAroundTheClock ? { ...view, businessHours: AROUND_THE_CLOCK } : view;
  }

  /** The store's merchant id on this platform (each platform of a process has its own). */
  merchantIdOf(store: StoreDef): string {
    return merchantIdOfStore(store, this.platform.state.platformKey);
  }

  /** False while the merchant has told the platform it is closed (merchantUpdate UNAVAILABLE). */
  acceptsOrders(merchantId: string): boolean {
    return acceptsOrders(this.platform.state.merchant(merchantId));
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
    const ofBrand = stores.some((store) => this.merchantIdOf(store) === merchantId);
    const seed = (ofBrand ? seedCustomers() : []).find((c) => c.id === customerId || c.username === login?.username);
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
      loyalty: (seed?.loyaltyPoints ?? []).map(([points, daysAgo]) => ({
        points,
        earnedAt: this.now().getTime() - daysAgo * 86_400_000,
      })),
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
      (o) =>
        o.merchantId === merchantId &&
        (who.customerId !== undefined ? o.customerId === who.customerId : o.phone === who.phone),
    );
  }
}

// Keyed by the platform's state, so every caller of a platform instance shares its queues.
const domains = new WeakMap<object, StoreDomain>();

/** The store API of a platform instance (routes and simulator share it). */
export function storeDomainOf(platform: Platform): StoreDomain {
  let domain = domains.get(platform.state);
  if (!domain) {
    domain = new StoreDomain(platform);
    domains.set(platform.state, domain);
  }
  return domain;
}
