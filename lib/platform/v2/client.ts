import "server-only";
import { z } from "zod";
import { JsonTooDeepError } from "@/lib/contract/storable-text";
import { log } from "@/lib/log";
import { authorizedRequest } from "@/lib/platform/authorized-request";
import { PlatformError } from "@/lib/platform/errors";
import { codeAccepted, OrderIds, orderPathOf } from "@/lib/platform/order-ids";
import type { AcknowledgmentItem, PlatformEvent } from "@/lib/platform/interchange/schemas";
import { TokenSource, type TokenEndpoint } from "@/lib/platform/token-source";
import type { PlatformResponse } from "@/lib/platform/transport";
import { looksLikeV2Order, orderEventV2Schema, ORDER_STATUSES, type OrderStatusV2 } from "./order-schema";
import { readOrderV2 } from "./read-order";

// Open Delivery 2.0 rc.2's orders API, as the Software Service calls it (orders.openapi.yaml):
// polling and acknowledgment, GET /orders/{orderId} (status is the source of truth), the lifecycle
// POSTs (202, also when already applied) and requestCancellation (202 = asked, not cancelled).
// The platform hosts it under `{base URL}/v2`, its token at `{base URL}/oauth/token`. Every call
// goes through the same transport and host allow-list as 1.x (authorizedRequest → platformFetch);
// ids cross as Comanda's (with the connection's prefix) and leave as the platform's.

/**
 * The scopes Comanda asks for: the orders domain only (least privilege, never od.all). The
 * merchant side asks for od.menu on its own token when it speaks 2.0.
 */
export const ORDERS_SCOPES = ["od.orders"] as const;
/** The merchant side's scope: item offers' availability (quantityAvailable), the pause per service and the merchant list. */
export const MENU_SCOPES = ["od.menu"] as const;

/** The most a 2.0 order's answer may hold (the same bound as 1.x's). */
const MAX_ORDER_BYTES = 1024 * 1024;
/** The document caps an acknowledgment at 1000 event ids. */
const ACK_CHUNK = 1000;

export interface V2Credentials {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  timeoutMs: number;
  orderIdPrefix?: string;
  now?: () => number;
}

export function ordersV2TokenEndpoint(credentials: V2Credentials): TokenEndpoint {
  return {
    name: "Open Delivery 2.0",
    url: `${credentials.baseUrl}/oauth/token`,
    format: "form",
    clientId: credentials.clientId,
    clientSecret: credentials.clientSecret,
    timeoutMs: credentials.timeoutMs,
    defaultTtlSeconds: 3600,
    scope: ORDERS_SCOPES.join(" "),
  };
}

/**
 * The merchant side's token (od.menu): the catalogue's item offers and the list of merchants that
 * authorised the credential — the scope merchant.openapi.yaml's bearerAuth names for both.
 */
export function menuTokenEndpoint(credentials: V2Credentials): TokenEndpoint {
  return { ...ordersV2TokenEndpoint(credentials), scope: MENU_SCOPES.join(" ") };
}

/** Comanda's board operations (1.x path names) → 2.0's lifecycle paths. */
const V2_PATH_OF: Readonly<Record<string, string>> = {
  confirm: "confirm",
  preparing: "preparing",
  readyForPickup: "ready-for-pickup",
  dispatch: "dispatch",
  delivered: "delivered",
  // 2.0 removed PICKED_UP: a takeout the customer collected is DELIVERED (orders.en.md).
  pickedUp: "delivered",
  requestCancellation: "requestCancellation",
};

/** What GET /orders/{orderId} says of the order's lifecycle. */
export interface PlatformOrderStatus {
  status: OrderStatusV2;
  lastEvent: string | null;
}

const statusOnlySchema = z.looseObject({ status: z.enum(ORDER_STATUSES), lastEvent: z.string().optional() });

export class OrdersV2Client {
  readonly tokens: TokenSource;
  private readonly origin: string;
  private readonly apiPath: string;
  private readonly ids: OrderIds;

  constructor(private readonly options: V2Credentials) {
    this.tokens = new TokenSource({ endpoint: ordersV2TokenEndpoint(options), now: options.now });
    const base = new URL(options.baseUrl);
    this.origin = base.origin;
    this.apiPath = `${base.pathname.replace(/\/+$/, "")}/v2`;
    this.ids = new OrderIds(options.orderIdPrefix);
  }

  /** GET /v2/events:polling for these merchants; [] on 204. Events with no valid id are logged and skipped. */
  async pollEvents(merchantIds: readonly string[]): Promise<PlatformEvent[]> {
    const response = await this.send("GET", "/events:polling", {
      headers: { "x-polling-merchants": merchantIds.join(",") },
    });
    if (response.status === 204) return [];
    const body = await response.json().catch(() => undefined);
    if (!Array.isArray(body))
      throw new PlatformError("The platform's 2.0 event list is not a JSON array", response.status);
    const events: PlatformEvent[] = [];
    for (const item of body) {
      const event = orderEventV2Schema.safeParse(item);
      if (event.success) events.push(this.ownEvent(event.data));
      else log.warn({ merchants: merchantIds, issues: z.prettifyError(event.error) }, "malformed 2.0 event skipped");
    }
    return events;
  }

  /** POST /v2/events/acknowledgment `{ eventIds }` (202), in chunks of the document's 1000. */
  async acknowledge(
    items: AcknowledgmentItem[],
  ): Promise<{ acknowledged: AcknowledgmentItem[]; failure?: PlatformError }> {
    const acknowledged: AcknowledgmentItem[] = [];
    let failure: PlatformError | undefined;
    for (let start = 0; start < items.length; start += ACK_CHUNK) {
      const chunk = items.slice(start, start + ACK_CHUNK);
      try {
        const response = await this.send("POST", "/events/acknowledgment", {
          body: { eventIds: chunk.map((item) => this.platformId(item.id)) },
        });
        await response.text().catch(() => "");
        acknowledged.push(...chunk);
      } catch (error) {
        if (!(error instanceof PlatformError)) throw error;
        failure ??= error;
      }
    }
    return { acknowledged, failure };
  }

  /**
   * GET /v2/orders/{orderId}, mapped into the order Comanda stores (the 1.x shape, the 2.0 order
   * kept beside it). An answer that is not a valid 2.0 order — a 1.x order included — throws a
   * PlatformError saying why: recorded as the connection's sync error, the order retried and
   * parked flagged as any unreadable one, never half-read.
   */
  async getOrder(orderId: string, orderURL?: string): Promise<Record<string, unknown>> {
    const raw = await this.readOrder(orderId, orderURL);
    const read = readOrderV2(raw);
    if (!read.ok) throw new PlatformError(read.error, 200);
    return read.details;
  }

  /** The order's authoritative status (GET /v2/orders/{orderId}): what reconciliation compares. */
  async getStatus(orderId: string): Promise<PlatformOrderStatus> {
    const raw = await this.readOrder(orderId);
    if (!looksLikeV2Order(raw))
      throw new PlatformError(
        "The platform's answer is not an Open Delivery 2.0 order (no fulfillment.orderType)",
        200,
      );
    const parsed = statusOnlySchema.safeParse(raw);
    if (!parsed.success) throw new PlatformError("The platform's 2.0 order has no valid status", 200);
    return { status: parsed.data.status, lastEvent: parsed.data.lastEvent ?? null };
  }

  /**
   * A lifecycle POST by Comanda's operation name (confirm, readyForPickup, …, requestCancellation),
   * its body translated to 2.0's. Any 2xx is success: 202 is "accepted or already applied", never
   * "done" — the status is read back, not assumed. 1.x-only operations are refused here, unsent.
   */
  async orderAction(orderId: string, operation: string, body: unknown, timeoutMs?: number): Promise<PlatformResponse> {
    const path = V2_PATH_OF[operation];
    if (!path) throw new PlatformError(`Open Delivery 2.0 has no ${operation} (removed from the standard)`, 400);
    return this.send("POST", `/orders/${encodeURIComponent(this.platformId(orderId))}/${path}`, {
      body: v2Body(operation, body),
      timeoutMs,
    });
  }

  /** POST /v2/orders/{orderId}/validateCode?deliveryCode= : true on 200, false on 400 (a wrong code). */
  async validateCode(orderId: string, deliveryCode: string, timeoutMs?: number): Promise<boolean> {
    const path = `/orders/${encodeURIComponent(this.platformId(orderId))}/validateCode?deliveryCode=${encodeURIComponent(deliveryCode)}`;
    return codeAccepted(() => this.send("POST", path, { timeoutMs }));
  }

  ownEvent(event: PlatformEvent): PlatformEvent {
    return this.ids.own(event);
  }

  private platformId(id: string): string {
    return this.ids.platform(id);
  }

  private async readOrder(orderId: string, orderURL?: string): Promise<unknown> {
    const response = await this.send("GET", this.orderPath(this.platformId(orderId), orderURL), {
      maxBytes: MAX_ORDER_BYTES,
    });
    return response.storableJson().then(
      ({ value }) => value,
      (error: unknown) => {
        throw new PlatformError(
          error instanceof JsonTooDeepError
            ? "The platform's order details are nested too deeply"
            : "The platform's order details are not JSON",
          response.status,
        );
      },
    );
  }

  /** The event's orderURL only when it points under the connection's 2.0 API; else /orders/{id}. */
  private orderPath(orderId: string, orderURL: string | undefined): string {
    return orderPathOf(
      { origin: this.origin, apiPath: this.apiPath },
      orderURL,
      `/orders/${encodeURIComponent(orderId)}`,
    );
  }

  private send(
    method: "GET" | "POST",
    path: string,
    {
      body,
      headers = {},
      timeoutMs = this.options.timeoutMs,
      maxBytes,
      tokens = this.tokens,
    }: {
      body?: unknown;
      headers?: Record<string, string>;
      timeoutMs?: number;
      maxBytes?: number;
      tokens?: TokenSource;
    } = {},
  ): Promise<PlatformResponse> {
    return authorizedRequest(tokens, {
      method,
      url: `${this.options.baseUrl.replace(/\/+$/, "")}/v2${path}`,
      body,
      headers,
      timeoutMs,
      maxBytes,
      what: `${method} /v2${path.split("?")[0]}`,
    });
  }
}

/**
 * 2.0's request bodies from the ones Comanda builds for 1.x (action-bodies.ts): confirm takes
 * only `estimatedPreparationTimeMinutes`; requestCancellation the same reason/code/mode; dispatch
 * and the others no body (2.0 declares none; tracking is its own operation).
 */
export function v2Body(operation: string, body: unknown): unknown {
  const record = body !== null && typeof body === "object" ? (body as Record<string, unknown>) : {};
  switch (operation) {
    case "confirm":
      return typeof record.preparationTime === "number"
        ? { estimatedPreparationTimeMinutes: Math.max(0, Math.round(record.preparationTime)) }
        : {};
    case "requestCancellation":
      return {
        reason: record.reason,
        code: record.code,
        mode: record.mode ?? "MANUAL",
        ...(Array.isArray(record.outOfStockItems) && record.outOfStockItems.length > 0
          ? { outOfStockItems: record.outOfStockItems }
          : {}),
      };
    default:
      return undefined;
  }
}
