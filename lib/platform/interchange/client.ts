import "server-only";
import { z } from "zod";
import { JsonTooDeepError, storableJson, storableText } from "@/lib/contract/storable-text";
import { log } from "@/lib/log";
import { authorizedRequest } from "@/lib/platform/authorized-request";
import { PlatformError } from "@/lib/platform/errors";
import { TokenSource, type TokenEndpoint } from "@/lib/platform/token-source";
import type { PlatformResponse } from "@/lib/platform/transport";
import { codeAccepted, OrderIds, orderPathOf } from "@/lib/platform/order-ids";
import { OrdersV2Client } from "@/lib/platform/v2/client";
import { CatalogueV2Client, type ItemOfferChange } from "@/lib/platform/v2/catalogue";
import type { CatalogSyncModel } from "@/lib/platform/discovery/manifest";
import { platformEventSchema, pollResponseSchema, type AcknowledgmentItem, type PlatformEvent } from "./schemas";

export interface InterchangeCredentials {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
}

/**
 * The most an order's details may hold. A real order is a few kilobytes (a pizzeria's biggest,
 * some 10 kB); a larger one is a broken or hostile platform's, and is neither read past this nor
 * parsed (issue 26): the order is shown flagged, with why.
 */
export const MAX_ORDER_DETAILS_BYTES = 1024 * 1024;

interface SendOptions {
  /** Sent as JSON. */
  body?: unknown;
  headers?: Record<string, string>;
  timeoutMs?: number;
  maxBytes?: number;
}

/** One client per platform connection: its token serves every merchant of the connection. */
export interface InterchangeClientOptions extends InterchangeCredentials {
  timeoutMs: number;
  /**
   * The connection's namespace for the platform's ids (platform_connections.order_id_prefix):
   * Comanda's order and event ids are the platform's with it in front. Every call takes and gives
   * Comanda's ids; only the wire carries the platform's. Default "" (the ids as they are).
   */
  orderIdPrefix?: string;
  /** The clock its token's lifetime is measured on (Date.now; tests move it with the platform's). */
  now?: () => number;
  /**
   * The connection's dialect as its platform's manifest last decided ("1.x", "2.0", or null:
   * inactive), asked on every call: a connection whose manifest declares 2.0 polls and acts in
   * 2.0 (lib/platform/v2/client.ts) from the next call on. Absent: 1.x, as before discovery.
   */
  dialect?: () => string | null;
  /**
   * The catalogue sync model its platform's manifest last declared (PULL, PUSH_FULL, PUSH_CRUD;
   * null: none), asked on every catalogue write (lib/platform/v2/catalogue.ts).
   */
  catalogSyncModel?: () => CatalogSyncModel | null;
}

/** The interchange's OAuth token operation (client_credentials, form-encoded). */
export function interchangeTokenEndpoint(credentials: InterchangeCredentials, timeoutMs: number): TokenEndpoint {
  const { baseUrl, clientId, clientSecret } = credentials;
  return {
    name: "interchange",
    url: `${baseUrl}/oauth/token`,
    format: "form",
    clientId,
    clientSecret,
    timeoutMs,
    defaultTtlSeconds: 3600,
  };
}

/** The standard's MerchantStatus: the platform's last attempt to read the merchant endpoint. */
const merchantStatusSchema = z.object({
  lastRead: z.string(),
  status: z.enum(["SUCCESS", "PROCESSING", "FAIL"]),
  moreInfo: z.string().max(2000).optional(),
});
export type MerchantReadStatus = z.infer<typeof merchantStatusSchema>;

/** The standard caps x-polling-merchants at 100 merchants per poll. */
export const MAX_POLLING_MERCHANTS = 100;

/** The standard caps one acknowledgment request at 100 items. */
export const ACK_CHUNK_SIZE = 100;

/** Typed calls to the platform's order-interchange API (Open Delivery), with its token. */
/** Where order details keep the platform's original JSON text when cleaning them changed it. */
export const ORIGINAL_DETAILS_KEY = "comandaOriginalJson";

export class InterchangeClient {
  readonly tokens: TokenSource;
  private readonly origin: string;
  /** The base URL's path, without its trailing slashes: where orderURLs must point under. */
  private readonly basePath: string;

  /** The same connection's orders in Open Delivery 2.0 (its own token, scope od.orders). */
  readonly v2: OrdersV2Client;
  /** The same connection's 2.0 catalogue (its own token, scope od.menu). */
  readonly catalogue: CatalogueV2Client;
  private readonly ids: OrderIds;

  constructor(private readonly options: InterchangeClientOptions) {
    this.tokens = new TokenSource({ endpoint: interchangeTokenEndpoint(options, options.timeoutMs), now: options.now });
    this.v2 = new OrdersV2Client(options);
    this.catalogue = new CatalogueV2Client(options);
    this.ids = new OrderIds(options.orderIdPrefix);
    const base = new URL(options.baseUrl);
    this.origin = base.origin;
    this.basePath = base.pathname.replace(/\/+$/, "");
  }

  get baseUrl(): string {
    return this.options.baseUrl;
  }

  /** Whether this connection's orders go through Open Delivery 2.0 now. */
  get speaksV2(): boolean {
    return this.options.dialect?.() === "2.0";
  }

  /**
   * The unacknowledged events of these merchants (x-polling-merchants: at most
   * MAX_POLLING_MERCHANTS, the standard's limit), oldest first as the platform sends them; [] on 204.
   */
  async pollEvents(merchantIds: readonly string[]): Promise<PlatformEvent[]> {
    if (merchantIds.length === 0 || merchantIds.length > MAX_POLLING_MERCHANTS)
      throw new Error(`A poll names 1 to ${MAX_POLLING_MERCHANTS} merchants, not ${merchantIds.length}`);
    if (this.speaksV2) return this.v2.pollEvents(merchantIds);
    const response = await this.send("GET", "/v1/events:polling", {
      headers: { "x-polling-merchants": merchantIds.join(",") },
    });
    if (response.status === 204) return [];
    const parsed = pollResponseSchema.safeParse(await response.text().then(parseOrUndefined, () => undefined));
    if (!parsed.success) {
      throw new PlatformError("The platform's event list is malformed", response.status, z.prettifyError(parsed.error));
    }
    const events: PlatformEvent[] = [];
    for (const item of parsed.data) {
      const event = platformEventSchema.safeParse(storableEvent(item));
      if (event.success) events.push(this.ownEvent(event.data));
      // Without a valid id it cannot be acknowledged: the platform will resend it, and it is logged each time.
      else log.warn({ merchants: merchantIds, issues: z.prettifyError(event.error) }, "malformed event skipped");
    }
    return events;
  }

  /**
   * Acknowledges in chunks of at most 100, sent at once (a poll of 1000 events is ten chunks: one
   * after the other they were ten round trips). Every chunk is tried even when one fails, so a
   * flaky platform still takes most of them; says which were taken, in the given order, and the
   * first failure, if any.
   */
  async acknowledge(
    items: AcknowledgmentItem[],
  ): Promise<{ acknowledged: AcknowledgmentItem[]; failure?: PlatformError }> {
    if (this.speaksV2) return this.v2.acknowledge(items);
    const chunks: AcknowledgmentItem[][] = [];
    for (let start = 0; start < items.length; start += ACK_CHUNK_SIZE)
      chunks.push(items.slice(start, start + ACK_CHUNK_SIZE));
    const outcomes = await Promise.allSettled(
      chunks.map((chunk) =>
        this.send("POST", "/v1/events/acknowledgment", {
          body: chunk.map((item) => ({
            ...item,
            id: this.platformId(item.id),
            orderId: this.platformId(item.orderId),
          })),
        }),
      ),
    );
    const acknowledged: AcknowledgmentItem[] = [];
    let failure: PlatformError | undefined;
    for (const [index, outcome] of outcomes.entries()) {
      if (outcome.status === "fulfilled") acknowledged.push(...chunks[index]!);
      else if (outcome.reason instanceof PlatformError) failure ??= outcome.reason;
      else throw outcome.reason;
    }
    return { acknowledged, failure };
  }

  /**
   * The raw order payload. Reads the event's orderURL only when it points under the configured
   * base URL: the BFF follows no URL to a host it was not configured for.
   */
  async getOrder(orderId: string, orderURL?: string): Promise<unknown> {
    if (this.speaksV2) return this.v2.getOrder(orderId, orderURL);
    const response = await this.send("GET", this.orderPath(this.platformId(orderId), orderURL), {
      maxBytes: MAX_ORDER_DETAILS_BYTES,
    });
    const { value, original } = await response.storableJson().catch((error: unknown) => {
      throw new PlatformError(
        error instanceof JsonTooDeepError
          ? "The platform's order details are nested too deeply"
          : "The platform's order details are not JSON",
        response.status,
      );
    });
    // Text PostgreSQL refuses was replaced; the order as sent is kept beside it, for audit.
    return original && value !== null && typeof value === "object" && !Array.isArray(value)
      ? { ...value, [ORIGINAL_DETAILS_KEY]: original }
      : value;
  }

  /**
   * POST /v1/orders/{orderId}/{operation} (confirm, dispatch, requestCancellation, …). The
   * per-request timeout lets callers keep their retries within a total budget.
   */
  async orderAction(orderId: string, operation: string, body: unknown, timeoutMs?: number): Promise<PlatformResponse> {
    if (this.speaksV2) return this.v2.orderAction(orderId, operation, body, timeoutMs);
    const path = `/v1/orders/${encodeURIComponent(this.platformId(orderId))}/${operation}`;
    return this.send("POST", path, { body, timeoutMs });
  }

  /**
   * POST /v1/orders/{orderId}/validateCode?deliveryCode= (1.7): true when the platform answers 200,
   * false when it answers 400 (the code is wrong); anything else is the platform failing (thrown).
   */
  async validateCode(orderId: string, deliveryCode: string, timeoutMs?: number): Promise<boolean> {
    if (this.speaksV2) return this.v2.validateCode(orderId, deliveryCode, timeoutMs);
    const path = `/v1/orders/${encodeURIComponent(this.platformId(orderId))}/validateCode?deliveryCode=${encodeURIComponent(deliveryCode)}`;
    return codeAccepted(() => this.send("POST", path, { timeoutMs }));
  }

  /**
   * POST /v1/merchantUpdate?merchantId= (Open Delivery's merchant section); any 2xx is the
   * acknowledgment. The standard names no merchant (its tokens were one merchant's); the query
   * names it for a connection's token, as merchantOnboarding does.
   */
  async merchantUpdate(merchantId: string, body: unknown, timeoutMs?: number): Promise<void> {
    const query = `?merchantId=${encodeURIComponent(merchantId)}`;
    const response = await this.send("POST", `/v1/merchantUpdate${query}`, { body, timeoutMs });
    await response.text().catch(() => "");
  }

  /**
   * A 2.0 item offer's availability (sold out, "só restam N"; lib/merchant/stock.ts), by the
   * catalogue sync model the platform declares. 1.x has no item offer to write: nothing is sent
   * ("notInDialect"); a PULL platform is pushed nothing ("notInModel").
   */
  async updateItemOffer(
    merchantId: string,
    update: ItemOfferChange,
    timeoutMs?: number,
  ): Promise<"sent" | "notInDialect" | "notInModel"> {
    if (!this.speaksV2) return "notInDialect";
    return this.catalogue.send(this.catalogSyncModel, merchantId, update, timeoutMs);
  }

  /** The catalogue sync model the platform declares now (null: none). */
  get catalogSyncModel(): CatalogSyncModel | null {
    return this.options.catalogSyncModel?.() ?? null;
  }

  /** PUT /v1/merchantOnboarding?merchantId=: where the platform reads this store's GET /v1/merchant. */
  async merchantOnboarding(
    merchantId: string,
    info: { getMerchantURL: { baseURL: string; apiKey?: string } },
  ): Promise<void> {
    const query = `?merchantId=${encodeURIComponent(merchantId)}`;
    const response = await this.send("PUT", `/v1/merchantOnboarding${query}`, { body: info });
    await response.text().catch(() => "");
  }

  /** GET /v1/merchantStatus?merchantId=: how the platform's last read of the merchant endpoint went. */
  async merchantStatus(merchantId: string): Promise<MerchantReadStatus> {
    const query = `?merchantId=${encodeURIComponent(merchantId)}`;
    const response = await this.send("GET", `/v1/merchantStatus${query}`);
    const parsed = merchantStatusSchema.safeParse(await response.json().catch(() => undefined));
    if (!parsed.success) throw new PlatformError("The platform's merchant status is malformed", response.status);
    return parsed.data;
  }

  /** An event as Comanda keeps it: its ids in this connection's namespace (a webhook's too). */
  ownEvent(event: PlatformEvent): PlatformEvent {
    return this.ids.own(event);
  }

  /** The platform's id of an order or event Comanda names. */
  private platformId(id: string): string {
    return this.ids.platform(id);
  }

  private orderPath(orderId: string, orderURL: string | undefined): string {
    return orderPathOf(
      { origin: this.origin, apiPath: this.basePath },
      orderURL,
      `/v1/orders/${encodeURIComponent(orderId)}`,
    );
  }

  /** Sends an authorized request; throws PlatformError on any non-2xx answer. */
  private send(
    method: "GET" | "POST" | "PUT",
    path: string,
    { body, headers = {}, timeoutMs = this.options.timeoutMs, maxBytes }: SendOptions = {},
  ): Promise<PlatformResponse> {
    const url = `${this.options.baseUrl}${path}`;
    return authorizedRequest(this.tokens, {
      method,
      url,
      body,
      headers,
      timeoutMs,
      maxBytes,
      what: `${method} ${path.split("?")[0]}`,
    });
  }
}

function parseOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * One polled event with its text made storable, each on its own: an event nested too deeply to
 * keep (JsonTooDeepError) keeps its top-level scalar fields (its id, type, order and time) and
 * loses the rest, so it is still stored and acknowledged instead of failing the whole list.
 */
function storableEvent(item: unknown): unknown {
  try {
    return storableJson(item).value;
  } catch (error) {
    if (!(error instanceof JsonTooDeepError) || item === null || typeof item !== "object") return undefined;
    const kept: Record<string, string | number | boolean> = {};
    for (const [key, value] of Object.entries(item)) {
      if (typeof value === "string") kept[storableText(key)] = storableText(value);
      else if (typeof value === "number" || typeof value === "boolean") kept[storableText(key)] = value;
    }
    return kept;
  }
}
