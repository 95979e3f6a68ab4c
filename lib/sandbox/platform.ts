import { randomUUID } from "node:crypto";
import * as cancellation from "./cancellation";
import type { SandboxClock } from "./clock";
import { notFound, SandboxError } from "./errors";
import { transitions, type MerchantAction } from "./lifecycle";
import { buildOrder, type NewOrderOptions } from "./order-factory";
import { NOT_CONFIRMED_IN_TIME, unconfirmedPastDeadline } from "./confirm-deadline";
import { duePreparations } from "./preparation";
import type { Rng } from "./random";
import type { PlatformIdentity } from "./identity";
import { firstDisplayIdOf, seedOfMerchant } from "./seed/merchants";
import type { SandboxState } from "./state";
import { issueToken, verifyToken } from "./tokens";
import type { AccessToken, ConfirmDetails, CustomerLogin, OrderRecord, StoredEvent } from "./types";
import { cancelByPlatformV2 } from "./v2/cancellation";
import { DEFAULT_DIALECT, type OpenDeliveryDialect } from "./v2/dialect";
import { PROJECTED_STATUS, setV2Status } from "./v2/status";
import { checkServiceOpen } from "./v2/service-pause";
import { takeStock } from "./v2/stock";

/** The standard caps a poll at 1000 events. */
export const MAX_POLL = 1000;

export type PlatformDeps = {
  /** Name, key and application id: what sets this platform apart from others in the process. */
  identity: PlatformIdentity;
  state: SandboxState;
  rng: Rng;
  clock: SandboxClock;
  tokenTtlSeconds: number;
  /** Minutes after which the platform cancels an order nobody confirmed; 0: never. */
  confirmDeadlineMinutes: number;
  /** Called after every change, so the snapshot is written. */
  changed: () => void;
  /** The demo's stores take orders at every hour (SandboxOptions.openAroundTheClock). */
  openAroundTheClock?: boolean;
  /** The Open Delivery this platform speaks (v2/dialect.ts); 1.7 by default. */
  dialect?: OpenDeliveryDialect;
};

// The platform's behaviour, free of HTTP: routes parse and answer, this decides.
export class Platform {
  private readonly listeners: ((event: StoredEvent) => void)[] = [];

  constructor(private readonly deps: PlatformDeps) {}

  get state() {
    return this.deps.state;
  }

  get identity(): PlatformIdentity {
    return this.deps.identity;
  }

  get clock() {
    return this.deps.clock;
  }

  get dialect(): OpenDeliveryDialect {
    return this.deps.dialect ?? DEFAULT_DIALECT;
  }

  get openAroundTheClock(): boolean {
    return this.deps.openAroundTheClock ?? false;
  }

  get tokenTtlSeconds() {
    return this.deps.tokenTtlSeconds;
  }

  now(): Date {
    return this.deps.clock.now();
  }

  /** Marks the state changed (for callers that edit it directly, e.g. token grants). */
  touch(): void {
    this.deps.changed();
  }

  /** Called with every new event, after it is stored (the webhook pusher listens). */
  onEvent(listener: (event: StoredEvent) => void): void {
    this.listeners.push(listener);
  }

  advanceClock(seconds: number): void {
    this.deps.clock.advance(seconds);
    this.state.clockOffsetMs = this.deps.clock.offsetMs;
    this.deps.changed();
    // Moving the clock past a deadline acts on it at once.
    this.actOnTime();
  }

  /** What the platform does as its clock moves: asks for due preparations, cancels late orders. */
  actOnTime(): void {
    this.requestDuePreparations();
    this.cancelUnconfirmed();
  }

  /** Cancels every order nobody confirmed by its deadline (CANCELLED, saying why). */
  cancelUnconfirmed(): void {
    const minutes = this.deps.confirmDeadlineMinutes;
    if (minutes <= 0) return;
    const late = unconfirmedPastDeadline(this.state.orders.values(), this.clock.nowMs(), minutes);
    for (const record of late) cancellation.cancelByPlatform(this.emit, record, NOT_CONFIRMED_IN_TIME(minutes));
    if (late.length > 0) this.deps.changed();
  }

  /** Emits PREPARATION_REQUESTED for every scheduled order whose preparation time has come. */
  requestDuePreparations(): StoredEvent[] {
    const at = this.now();
    return duePreparations(this.state.orders.values(), at.getTime()).map((record) => {
      record.preparationRequestedAt = at.toISOString();
      return this.emit(record, "PREPARATION_REQUESTED");
    });
  }

  issueToken(clientId: string, clientSecret: string): AccessToken | undefined {
    const token = issueToken(this.state, { clientId, clientSecret }, this.clock.nowMs(), this.deps.tokenTtlSeconds);
    if (token) this.deps.changed();
    return token;
  }

  authenticate(token: string): AccessToken | undefined {
    return verifyToken(this.state, token, this.clock.nowMs());
  }

  /** Registers a store-API customer login (for the store API's "create customer"). */
  addCustomer(merchantId: string, login: { username: string; password: string }): CustomerLogin {
    const merchant = this.state.merchant(merchantId);
    if (!merchant) throw notFound("Merchant not found");
    if (merchant.customers.some((c) => c.username.toLowerCase() === login.username.toLowerCase())) {
      throw new SandboxError(409, "A customer with this username already exists");
    }
    const customerId = Math.max(1000, ...merchant.customers.map((c) => c.customerId)) + 1;
    const customer: CustomerLogin = { customerId, username: login.username, password: login.password };
    merchant.customers.push(customer);
    this.deps.changed();
    return customer;
  }

  createOrder(merchantId: string | undefined, options: NewOrderOptions): OrderRecord {
    const merchant = merchantId ? this.state.merchant(merchantId) : this.deps.rng.pick(this.state.merchants);
    const seed = merchant ? seedOfMerchant(merchant, this.state.platformKey) : undefined;
    if (!merchant || !seed) throw notFound("Merchant not found");
    if (options.orderId && this.state.orders.has(options.orderId))
      throw new SandboxError(409, `Order ${options.orderId} already exists`);
    const order = buildOrder(
      {
        seed,
        merchant,
        displayId: this.state.nextDisplayId(merchant.merchantId, firstDisplayIdOf(seed.key, this.state.platformKey)),
        now: this.now(),
        rng: this.deps.rng,
        identity: this.identity,
      },
      options,
    );
    return this.addOrder(merchant.merchantId, order);
  }

  /** Stores a built order (the store API builds its own) and queues its CREATED event. */
  addOrder(merchantId: string, order: OrderRecord["order"]): OrderRecord {
    // 2.0's quantityAvailable: refused whole (409) when a count would go below zero, else taken.
    const merchant = this.state.merchant(merchantId);
    if (merchant) {
      // 2.0's pause per service: no order of a paused type.
      checkServiceOpen(merchant, order.type, this.clock.nowMs());
      takeStock(merchant, this.state.platformKey, order.items);
    }
    const record: OrderRecord = { merchantId, status: "CREATED", stage: "CREATED", order };
    this.state.orders.set(order.id, record);
    this.emit(record, "CREATED");
    this.state.prune();
    return record;
  }

  /** An order as its merchant may see it; another merchant's order is as unknown as a missing one. */
  orderFor(orderId: string, merchantIds: readonly string[]): OrderRecord {
    const record = this.state.orders.get(orderId);
    if (!record || !merchantIds.includes(record.merchantId)) throw notFound("Order not found");
    return record;
  }

  eventsOf(orderId: string): StoredEvent[] {
    return this.state.events.filter((e) => e.orderId === orderId);
  }

  /**
   * Unacknowledged events, oldest first. With `onlyTypes` (the standard's eventType filter) the
   * listed types are returned and every other pending event is acknowledged on the caller's behalf.
   */
  poll(merchantIds: readonly string[], onlyTypes?: readonly string[]): StoredEvent[] {
    // Time passes between the periodic checks too: a poll never misses a preparation already due.
    this.requestDuePreparations();
    const wanted = new Set(merchantIds);
    const pending = this.state.events.filter((e) => wanted.has(e.merchantId) && !e.acknowledged);
    if (!onlyTypes || onlyTypes.length === 0) return pending.slice(0, MAX_POLL);
    const skipped = pending.filter((e) => !onlyTypes.includes(e.eventType));
    this.markAcknowledged(skipped);
    return pending.filter((e) => onlyTypes.includes(e.eventType)).slice(0, MAX_POLL);
  }

  /** Unknown ids and other merchants' events are ignored, as the standard's 202 implies. */
  acknowledge(merchantIds: readonly string[], eventIds: readonly string[]): number {
    const wanted = new Set(eventIds);
    const events = this.state.events.filter(
      (e) => merchantIds.includes(e.merchantId) && !e.acknowledged && wanted.has(e.eventId),
    );
    this.markAcknowledged(events);
    return events.length;
  }

  /** A merchant report from the lifecycle table; 422 when the order's stage or type does not allow it. */
  perform(action: MerchantAction, record: OrderRecord, metadata?: Record<string, unknown>): StoredEvent[] {
    const transition = transitions[action];
    const types: readonly string[] | undefined = "types" in transition ? transition.types : undefined;
    if (types && !types.includes(record.order.type)) {
      throw new SandboxError(422, `Cannot ${action} a ${record.order.type} order (only ${types.join(", ")})`);
    }
    if (!(transition.from as readonly string[]).includes(record.stage)) {
      throw new SandboxError(422, `Cannot ${action} an order whose stage is ${record.stage}`);
    }
    if ("to" in transition) record.stage = transition.to;
    const status =
      "status" in transition
        ? (transition.status as Partial<Record<string, OrderRecord["status"]>>)[record.order.type]
        : undefined;
    if (status) record.status = status;
    if (transition.events.length === 0) this.deps.changed();
    return transition.events.map((type, i) => this.emit(record, type, i === 0 ? metadata : undefined));
  }

  confirm(record: OrderRecord, clientId: string, details: ConfirmDetails): StoredEvent {
    const [event] = this.perform("confirm", record, { clientId });
    if (!event) throw new Error("confirm emitted no event");
    record.confirmation = { at: event.createdAt, clientId, ...details };
    return event;
  }

  recordTracking(record: OrderRecord, info: unknown): void {
    (record.tracking ??= []).push({ at: this.now().toISOString(), info });
    this.deps.changed();
  }

  requestCancellation(record: OrderRecord, clientId: string, request: cancellation.CancellationRequest): void {
    cancellation.requestCancellation(this.emit, record, clientId, request, this.now().toISOString());
  }

  acceptCancellation(record: OrderRecord, clientId: string): void {
    cancellation.acceptCancellation(this.emit, record, clientId, this.now().toISOString());
  }

  denyCancellation(record: OrderRecord, clientId: string, answer: { reason: string; code: string }): void {
    cancellation.denyCancellation(this.emit, record, clientId, answer, this.now().toISOString());
  }

  /**
   * The customer asks to cancel: on 1.x ORDER_CANCELLATION_REQUEST, which the merchant accepts or
   * denies; on 2.0, which removed that handshake, the platform cancels at once (CANCELLED).
   */
  requestCustomerCancellation(orderId: string): StoredEvent {
    const record = this.state.orders.get(orderId);
    if (!record) throw notFound("Order not found");
    if (this.dialect === "2.0") {
      const event = cancelByPlatformV2(this.emit, record, cancellation.CUSTOMER_CANCELLATION);
      if (!event)
        throw new SandboxError(422, `Cannot cancel an order whose status is ${record.v2Status ?? record.stage}`);
      return event;
    }
    return cancellation.requestCustomerCancellation(this.emit, record, this.now().toISOString());
  }

  readonly emit = (record: OrderRecord, eventType: string, metadata?: Record<string, unknown>): StoredEvent => {
    const event: StoredEvent = {
      eventId: randomUUID(),
      eventType,
      orderId: record.order.id,
      merchantId: record.merchantId,
      createdAt: this.now().toISOString(),
      sourceAppId: this.identity.sourceAppId,
      acknowledged: false,
    };
    if (record.order.virtualBrand) event.virtualBrand = record.order.virtualBrand;
    if (metadata) event.metadata = metadata;
    this.state.events.push(event);
    record.order.lastEvent = eventType;
    // On 2.0 the platform's status is what its events project (informational ones leave it).
    const projected = this.dialect === "2.0" ? PROJECTED_STATUS[eventType] : undefined;
    if (projected) setV2Status(record, projected);
    this.deps.changed();
    for (const listener of this.listeners) listener(event);
    return event;
  };

  reset(): void {
    this.state.clearOrders();
    this.deps.changed();
  }

  private markAcknowledged(events: readonly StoredEvent[]): void {
    if (events.length === 0) return;
    const at = this.now().toISOString();
    for (const event of events) {
      event.acknowledged = true;
      event.acknowledgedAt = at;
    }
    this.deps.changed();
  }
}
