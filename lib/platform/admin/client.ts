import "server-only";
import { z } from "zod";
import { authorizedRequest, serviceHeaders, type ServiceIdentity } from "@/lib/platform/authorized-request";
import { PlatformError } from "@/lib/platform/errors";
import { TokenSource, type RefreshTokenStore, type TokenEndpoint } from "@/lib/platform/token-source";
import { adminOrderListSchema, toAdminOrder, type AdminOrder } from "./schemas";

/** A store's admin API credentials: a client, and the user its password grant signs in as. */
export interface AdminCredentials {
  clientId: string;
  clientSecret: string;
  username: string;
  password: string;
}

export interface AdminClientOptions {
  baseUrl: string;
  serviceId: string;
  credentials: AdminCredentials;
  timeoutMs: number;
  refreshTokens: RefreshTokenStore;
  now?: () => number;
}

/** The admin API's token operation (password and refresh_token grants, JSON, service headers). */
export function adminTokenEndpoint(identity: ServiceIdentity, clientSecret: string, timeoutMs: number): TokenEndpoint {
  const { baseUrl, clientId } = identity;
  const headers = serviceHeaders(identity);
  return {
    name: "admin API",
    url: `${baseUrl}/admin-api/token`,
    format: "json",
    headers,
    clientId,
    clientSecret,
    timeoutMs,
    defaultTtlSeconds: 21_600,
  };
}

export interface AdminOrderQuery {
  /** Platform statuses (CREATED, CONFIRMED, IN_TRANSIT, DONE, CANCELLED); none = all. */
  statuses?: readonly string[];
  /** Inclusive. */
  createdFrom?: Date;
  /** Exclusive. */
  createdTo?: Date;
  offset?: number;
  /** 1–100 (the platform's bounds). */
  limit?: number;
}

export interface AdminOrderPage {
  orders: AdminOrder[];
  /** Elements of the page the platform sent that did not parse (dropped, counted). */
  unreadable: number;
  totalItems: number | null;
}

/** The platform's admin API for one store (order history), with its token chain (see TokenSource). */
export class AdminClient {
  readonly tokens: TokenSource;
  private readonly identity: ServiceIdentity;
  private readonly timeoutMs: number;

  constructor(options: AdminClientOptions) {
    const { baseUrl, serviceId, credentials, timeoutMs, refreshTokens, now } = options;
    this.identity = { baseUrl, serviceId, clientId: credentials.clientId };
    this.timeoutMs = timeoutMs;
    this.tokens = new TokenSource({
      endpoint: adminTokenEndpoint(this.identity, credentials.clientSecret, timeoutMs),
      login: { username: credentials.username, password: credentials.password, refreshTokens },
      now,
    });
  }

  /** One page of GET /admin-api/v1/orders, newest first. */
  async listOrders(query: AdminOrderQuery = {}, timeoutMs = this.timeoutMs): Promise<AdminOrderPage> {
    const params = new URLSearchParams();
    if (query.statuses?.length) params.set("status", query.statuses.join(","));
    if (query.createdFrom) params.set("createdFrom", query.createdFrom.toISOString());
    if (query.createdTo) params.set("createdTo", query.createdTo.toISOString());
    params.set("offset", String(query.offset ?? 0));
    params.set("limit", String(Math.min(100, Math.max(1, query.limit ?? 100))));
    const response = await authorizedRequest(this.tokens, {
      method: "GET",
      url: `${this.identity.baseUrl}/admin-api/v1/orders?${params}`,
      service: this.identity,
      timeoutMs,
      what: "admin order list",
    });
    const parsed = adminOrderListSchema.safeParse(await response.json().catch(() => undefined));
    if (!parsed.success) {
      throw new PlatformError(
        "The admin API's order list is malformed",
        response.status,
        z.prettifyError(parsed.error),
      );
    }
    const orders = parsed.data.data.orders.map(toAdminOrder);
    const readable = orders.filter((order): order is AdminOrder => order !== null);
    return {
      orders: readable,
      unreadable: orders.length - readable.length,
      totalItems: parsed.data.data.pagination?.totalItems ?? null,
    };
  }
}
