import { randomUUID } from "node:crypto";
import { notFound, SandboxError } from "./errors";
import { transitions, type MerchantAction } from "./lifecycle";
import { buildOrder, type NewOrderOptions } from "./order-factory";
import { stableUuid, type Rng } from "./random";
import { merchantSeeds, seedFor } from "./seed/merchants";
import type { SandboxState } from "./state";
import { issueToken, verifyToken } from "./tokens";
import type { AccessToken, ConfirmDetails, OrderRecord, StoredEvent } from "./types";

/** The ordering application's id on every event and order (the standard wants a uuid). */
export const SOURCE_APP_ID = stableUuid("source-app:comanda-sandbox");

/** The standard caps a poll at 1000 events. */
export const MAX_POLL = 1000;

export type PlatformDeps = {
  state: SandboxState;
  rng: Rng;
  now: () => Date;
  tokenTtlSeconds: number;
  /** Called after every change, so the snapshot is written. */
  changed: () => void;
};

// The platform's behaviour, free of HTTP: routes parse and answer, this decides.
export class Platform {
  constructor(private readonly deps: PlatformDeps) {}

  get state() {
    return this.deps.state;
  }

  get tokenTtlSeconds() {
    return this.deps.tokenTtlSeconds;
  }

  issueToken(clientId: string, clientSecret: string): AccessToken | undefined {
    const token = issueToken(this.state, { clientId, clientSecret }, this.nowMs(), this.deps.tokenTtlSeconds);
    if (token) this.deps.changed();
    return token;
  }

  authenticate(token: string): AccessToken | undefined {
    return verifyToken(this.state, token, this.nowMs());
  }

  createOrder(merchantId: string | undefined, options: NewOrderOptions): OrderRecord {
    const merchant = merchantId ? this.state.merchant(merchantId) : this.deps.rng.pick(this.state.merchants);
    const seed = merchant ? seedFor(merchant.merchantId) : undefined;
    if (!merchant || !seed) throw notFound("Merchant not found");
    const order = buildOrder(
      {
        seed,
        merchant,
        displayId: this.state.nextDisplayId(merchant.merchantId, 1000 + merchantSeeds.indexOf(seed) * 3000),
        now: this.deps.now(),
        rng: this.deps.rng,
        sourceAppId: SOURCE_APP_ID,
      },
      options,
    );
    const record: OrderRecord = { merchantId: merchant.merchantId, status: "CREATED", order };
    this.state.orders.set(order.id, record);
    this.emit(record, "CREATED");
    this.state.prune();
    return record;
  }

  /** An order as its merchant may see it; another merchant's order is as unknown as a missing one. */
  orderFor(orderId: string, merchantId: string): OrderRecord {
    const record = this.state.orders.get(orderId);
    if (!record || record.merchantId !== merchantId) throw notFound("Order not found");
    return record;
  }

  eventsOf(orderId: string): StoredEvent[] {
    return this.state.events.filter((e) => e.orderId === orderId);
  }

  /**
   * Unacknowledged events, oldest first. With `onlyTypes` (the standard's eventType filter) the
   * listed types are returned and every other pending event is acknowledged on the caller's behalf.
   */
  poll(merchantId: string, onlyTypes?: readonly string[]): StoredEvent[] {
    const pending = this.state.events.filter((e) => e.merchantId === merchantId && !e.acknowledged);
    if (!onlyTypes || onlyTypes.length === 0) return pending.slice(0, MAX_POLL);
    const skipped = pending.filter((e) => !onlyTypes.includes(e.eventType));
    this.markAcknowledged(skipped);
    return pending.filter((e) => onlyTypes.includes(e.eventType)).slice(0, MAX_POLL);
  }

  /** Unknown ids and other merchants' events are ignored, as the standard's 202 implies. */
  acknowledge(merchantId: string, eventIds: readonly string[]): number {
    const wanted = new Set(eventIds);
    const events = this.state.events.filter((e) => e.merchantId === merchantId && !e.acknowledged && wanted.has(e.eventId));
    this.markAcknowledged(events);
    return events.length;
  }

  perform(action: MerchantAction, record: OrderRecord, metadata?: Record<string, unknown>): StoredEvent {
    const transition = transitions[action];
    if (!(transition.from as readonly string[]).includes(record.status)) {
      throw new SandboxError(422, `Cannot ${action} an order whose status is ${record.status}`);
    }
    if (transition.to) record.status = transition.to;
    return this.emit(record, transition.eventType, metadata);
  }

  confirm(record: OrderRecord, clientId: string, details: ConfirmDetails): StoredEvent {
    const event = this.perform("confirm", record, { clientId });
    record.confirmation = { at: event.createdAt, clientId, ...details };
    return event;
  }

  emit(record: OrderRecord, eventType: string, metadata?: Record<string, unknown>): StoredEvent {
    const event: StoredEvent = {
      eventId: randomUUID(),
      eventType,
      orderId: record.order.id,
      merchantId: record.merchantId,
      createdAt: this.deps.now().toISOString(),
      sourceAppId: SOURCE_APP_ID,
      acknowledged: false,
    };
    if (record.order.virtualBrand) event.virtualBrand = record.order.virtualBrand;
    if (metadata) event.metadata = metadata;
    this.state.events.push(event);
    record.order.lastEvent = eventType;
    this.deps.changed();
    return event;
  }

  reset(): void {
    this.state.clearOrders();
    this.deps.changed();
  }

  private markAcknowledged(events: readonly StoredEvent[]): void {
    if (events.length === 0) return;
    const at = this.deps.now().toISOString();
    for (const event of events) {
      event.acknowledged = true;
      event.acknowledgedAt = at;
    }
    this.deps.changed();
  }

  private nowMs() {
    return this.deps.now().getTime();
  }
}
