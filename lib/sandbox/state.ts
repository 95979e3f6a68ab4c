import { stageFromStatus } from "./lifecycle";
import {
  completeMerchant,
  createIntegrator,
  createMerchant,
  DEFAULT_INTEGRATOR_NAME,
  merchantSeeds,
  merchantIdOf,
} from "./seed/merchants";
import type { SnapshotData } from "./snapshot";
import { restoreStoreApi, storeApiSnapshot } from "./store-api/persistence";
import type { StoreApiState } from "./store-api/state";
import type { AccessToken, Integrator, Merchant, OrderRecord, RefreshToken, StoredEvent } from "./types";

/** Most orders kept; beyond it the oldest fully acknowledged orders are forgotten. */
export const MAX_ORDERS = 1000;

// Everything the platform knows, in memory. Maps keep insertion order, so iterating orders or
// events is oldest first, which is the order polling must return them in.
export class SandboxState {
  merchants: Merchant[] = [];
  /** Software Services' credentials, each covering several merchants (tokens.ts). */
  integrators: Integrator[] = [];
  orders = new Map<string, OrderRecord>();
  events: StoredEvent[] = [];
  tokens = new Map<string, AccessToken>();
  refreshTokens = new Map<string, RefreshToken>();
  /** The sandbox clock's offset (POST /control/clock), kept so expired tokens stay expired. */
  clockOffsetMs = 0;
  displayCounters: Record<string, number> = {};
  /** The store API's profiles, addresses, cards, order index and voucher use, once it is used. */
  storeApi?: StoreApiState;

  /** `platformKey`: whose merchant ids these are ("" the first platform; identity.ts). */
  constructor(readonly platformKey = "") {}

  static from(snapshot: SnapshotData | undefined, platformKey = ""): SandboxState {
    const state = new SandboxState(platformKey);
    if (snapshot) {
      state.merchants = snapshot.merchants.map((merchant) => completeMerchant(merchant, platformKey));
      state.integrators = snapshot.integrators ?? [];
      for (const record of snapshot.orders) {
        state.orders.set(record.order.id, { ...record, stage: record.stage ?? stageFromStatus(record.status) });
      }
      state.events = snapshot.events;
      for (const token of snapshot.tokens) state.tokens.set(token.token, token);
      for (const token of snapshot.refreshTokens ?? []) state.refreshTokens.set(token.token, token);
      state.displayCounters = snapshot.displayCounters;
      state.clockOffsetMs = snapshot.clockOffsetMs ?? 0;
      if (snapshot.storeApi !== undefined) restoreStoreApi(state, snapshot.storeApi);
    }
    // A merchant added to the seed list later joins an existing data folder on next start.
    for (const seed of merchantSeeds) {
      const id = merchantIdOf(seed, platformKey);
      if (!state.merchants.some((m) => m.merchantId === id)) state.merchants.push(createMerchant(seed, platformKey));
    }
    // The seed's merchants are registered under one integrator (a data folder from before
    // integrators gets it now); per-merchant credentials keep working beside it.
    let integrator = state.integrators.find((i) => i.name === DEFAULT_INTEGRATOR_NAME);
    if (!integrator) state.integrators.unshift((integrator = createIntegrator(DEFAULT_INTEGRATOR_NAME, [])));
    for (const seed of merchantSeeds) {
      const id = merchantIdOf(seed, platformKey);
      if (!integrator.merchantIds.includes(id)) integrator.merchantIds.push(id);
    }
    return state;
  }

  toSnapshot(): SnapshotData {
    return {
      version: 1,
      merchants: this.merchants,
      integrators: this.integrators,
      orders: [...this.orders.values()],
      events: this.events,
      tokens: [...this.tokens.values()],
      refreshTokens: [...this.refreshTokens.values()],
      clockOffsetMs: this.clockOffsetMs,
      displayCounters: this.displayCounters,
      storeApi: storeApiSnapshot(this),
    };
  }

  merchant(merchantId: string): Merchant | undefined {
    return this.merchants.find((m) => m.merchantId === merchantId);
  }

  /** The first integrator whose credentials cover the merchant, if any. */
  integratorOf(merchantId: string): Integrator | undefined {
    return this.integrators.find((i) => i.merchantIds.includes(merchantId));
  }

  /** Four digits, per merchant, wrapping: what a courier or a customer reads out at the counter. */
  nextDisplayId(merchantId: string, start: number): string {
    const current = this.displayCounters[merchantId] ?? start;
    const next = current >= 9999 ? 1000 : current + 1;
    this.displayCounters[merchantId] = next;
    return String(next);
  }

  /** Forget the oldest orders whose events are all acknowledged, so the snapshot stays small. */
  prune(): void {
    let excess = this.orders.size - MAX_ORDERS;
    if (excess <= 0) return;
    const open = new Set(this.events.filter((e) => !e.acknowledged).map((e) => e.orderId));
    const dropped = new Set<string>();
    for (const orderId of this.orders.keys()) {
      if (excess <= 0) break;
      if (open.has(orderId)) continue;
      dropped.add(orderId);
      excess--;
    }
    for (const orderId of dropped) this.orders.delete(orderId);
    this.events = this.events.filter((e) => !dropped.has(e.orderId));
  }

  /** Back to no orders, keeping merchants, their credentials and live tokens. */
  clearOrders(): void {
    this.orders.clear();
    this.events = [];
  }
}
