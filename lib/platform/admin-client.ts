import "server-only";
import { z } from "zod";
import { PlatformError, platformFetch, type PlatformResponse } from "@/lib/open-delivery/http";
import { adminOrderListSchema, toAdminOrder, type AdminOrder } from "./admin-schemas";
import type { AdminTokenManager } from "./admin-token";
import { serviceHeaders } from "./service-http";

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

/** The platform's admin API for one store (order history). Tokens: see AdminTokenManager. */
export class AdminClient {
  constructor(
    private readonly tokens: AdminTokenManager,
    private readonly timeoutMs: number,
  ) {}

  /** One page of GET /admin-api/v1/orders, newest first. */
  async listOrders(query: AdminOrderQuery = {}, timeoutMs = this.timeoutMs): Promise<AdminOrderPage> {
    const params = new URLSearchParams();
    if (query.statuses?.length) params.set("status", query.statuses.join(","));
    if (query.createdFrom) params.set("createdFrom", query.createdFrom.toISOString());
    if (query.createdTo) params.set("createdTo", query.createdTo.toISOString());
    params.set("offset", String(query.offset ?? 0));
    params.set("limit", String(Math.min(100, Math.max(1, query.limit ?? 100))));
    const response = await this.get(`/admin-api/v1/orders?${params}`, timeoutMs);
    const parsed = adminOrderListSchema.safeParse(await response.json().catch(() => undefined));
    if (!parsed.success) {
      throw new PlatformError("The admin API's order list is malformed", response.status, z.prettifyError(parsed.error));
    }
    const orders = parsed.data.data.orders.map(toAdminOrder);
    const readable = orders.filter((order): order is AdminOrder => order !== null);
    return { orders: readable, unreadable: orders.length - readable.length, totalItems: parsed.data.data.pagination?.totalItems ?? null };
  }

  /** A GET with the admin token; a 401 takes a fresh token once (expired or revoked). */
  private async get(path: string, timeoutMs: number): Promise<PlatformResponse> {
    for (let attempt = 0; ; attempt++) {
      const token = await this.tokens.get();
      const response = await platformFetch(`${this.tokens.serviceIdentity.baseUrl}${path}`, {
        method: "GET",
        headers: serviceHeaders(this.tokens.serviceIdentity, token),
        timeoutMs,
      });
      if (response.status === 401 && attempt === 0) {
        this.tokens.invalidate(token);
        continue;
      }
      if (!response.ok) throw await PlatformError.from(response, "admin order list");
      return response;
    }
  }
}
