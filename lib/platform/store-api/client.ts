import "server-only";
import { z } from "zod";
import { authorizedRequest, serviceHeaders, type ServiceIdentity } from "@/lib/platform/authorized-request";
import { PlatformError } from "@/lib/platform/errors";
import { TokenSource, type TokenEndpoint } from "@/lib/platform/token-source";
import {
  toCategory,
  toDeliveryAreas,
  toItems,
  toPaymentForms,
  toPizzaSizes,
  toSpecificLocations,
  toStoreInfo,
} from "./mappers";
import {
  categoriesSchema,
  createdOrderSchema,
  deliveryAreasSchema,
  envelope,
  itemsSchema,
  paymentFormsSchema,
  pizzaSizesSchema,
  specificLocationsSchema,
  storeSchema,
} from "./schemas";
import type { DeliveryArea, MenuItem, PaymentForm, PizzaSize, SpecificLocation, StoreInfo, StoreMenu } from "./types";

/** The store API's client_credentials pair: store data, menu and test orders. */
export interface StoreApiCredentials {
  clientId: string;
  clientSecret: string;
}

/** One store's store API: where it is, which store (X-Service-ID), and the store's credentials. */
export interface StoreApiConnection extends StoreApiCredentials {
  /** The platform's base URL; every call stays under it. */
  baseUrl: string;
  serviceId: string;
  timeoutMs: number;
}

/**
 * The URL of a store API path, refusing anything that would leave the configured base (an id
 * that smuggles "../" or another host): Comanda talks only to the platform it was set up for.
 */
export function storeApiUrl(baseUrl: string, path: string): string {
  const base = baseUrl.replace(/\/+$/, "");
  const url = new URL(`${base}${path}`);
  const root = new URL(`${base}/store-api/`);
  if (url.origin !== root.origin || !url.pathname.startsWith(root.pathname) || url.pathname.includes("/../")) {
    throw new PlatformError(`Refusing a store API URL outside the configured platform: ${path}`, undefined);
  }
  return url.toString();
}

/** The store API's token operation (client_credentials, JSON, service headers). */
export function storeApiTokenEndpoint(
  identity: ServiceIdentity,
  clientSecret: string,
  timeoutMs: number,
): TokenEndpoint {
  const { baseUrl, clientId } = identity;
  const url = storeApiUrl(baseUrl, "/store-api/token");
  return {
    name: "store API",
    url,
    format: "json",
    headers: serviceHeaders(identity),
    clientId,
    clientSecret,
    timeoutMs,
    defaultTtlSeconds: 3600,
  };
}

const PAGE_SIZE = 30;
/** A menu bigger than this many pages is not one a person browses; stop rather than loop. */
const MAX_PAGES = 20;

/**
 * The store API of one store, with the store's client_credentials token: store data, delivery
 * areas, payment forms, the menu, and order creation (a guest order, see test-order.ts).
 */
export class StoreApiClient {
  readonly tokens: TokenSource;
  private readonly identity: ServiceIdentity;

  constructor(
    private readonly connection: StoreApiConnection,
    now?: () => number,
  ) {
    this.identity = { baseUrl: connection.baseUrl, serviceId: connection.serviceId, clientId: connection.clientId };
    this.tokens = new TokenSource({
      endpoint: storeApiTokenEndpoint(this.identity, connection.clientSecret, connection.timeoutMs),
      now,
    });
  }

  async store(): Promise<StoreInfo> {
    return toStoreInfo(await this.call("GET", "/stores/current", storeSchema, "store data"));
  }

  async deliveryAreas(): Promise<DeliveryArea[]> {
    return toDeliveryAreas(await this.call("GET", "/delivery/areas", deliveryAreasSchema, "delivery areas"));
  }

  async specificLocations(): Promise<SpecificLocation[]> {
    return toSpecificLocations(
      await this.call("GET", "/delivery/specific-locations", specificLocationsSchema, "specific locations"),
    );
  }

  async paymentForms(): Promise<PaymentForm[]> {
    return toPaymentForms(await this.call("GET", "/payment-forms", paymentFormsSchema, "payment forms"));
  }

  async pizzaSizes(): Promise<PizzaSize[]> {
    return toPizzaSizes((await this.call("GET", "/catalog/pizza-sizes", pizzaSizesSchema, "pizza sizes")).pizzaSizes);
  }

  /** Every category with its items (and their properties), in the platform's order. */
  async menu(): Promise<StoreMenu> {
    const [categories, pizzaSizes] = await Promise.all([
      this.pages("/catalog/categories", categoriesSchema, (d) => d.categories),
      this.pizzaSizes(),
    ]);
    const withItems = await Promise.all(
      categories.map(async (category) => {
        // The pizza module has no items: pizzas are sizes and flavours.
        const items = category.isPizzaModule && category.totalItems === 0 ? [] : await this.items(category.id);
        return toCategory(category, items);
      }),
    );
    return { categories: withItems, pizzaSizes };
  }

  async items(categoryId: number): Promise<MenuItem[]> {
    const path = `/catalog/categories/${encodeURIComponent(String(categoryId))}/items`;
    return toItems(await this.pages(path, itemsSchema, (d) => d.items, "&include=properties"));
  }

  /** POST /orders; the body is built by test-order.ts. Returns what the manager is shown. */
  async createOrder(body: unknown): Promise<z.infer<typeof createdOrderSchema>> {
    return this.call("POST", "/orders", createdOrderSchema, "order creation", body);
  }

  private async pages<T, E>(path: string, schema: z.ZodType<T>, elements: (data: T) => E[], extra = ""): Promise<E[]> {
    const all: E[] = [];
    for (let page = 0; page < MAX_PAGES; page++) {
      const data = await this.call(
        "GET",
        `${path}?offset=${page * PAGE_SIZE}&limit=${PAGE_SIZE}${extra}`,
        schema,
        path,
      );
      const found = elements(data);
      all.push(...found);
      const total = (data as { pagination?: { totalItems: number } | null }).pagination?.totalItems;
      if (found.length < PAGE_SIZE || (total !== undefined && all.length >= total)) break;
    }
    return all;
  }

  /** One call with the store token, its answer's envelope parsed. */
  private async call<T>(
    method: "GET" | "POST",
    path: string,
    schema: z.ZodType<T>,
    what: string,
    body?: unknown,
  ): Promise<T> {
    const response = await authorizedRequest(this.tokens, {
      method,
      url: storeApiUrl(this.connection.baseUrl, `/store-api/v1${path}`),
      service: this.identity,
      body,
      timeoutMs: this.connection.timeoutMs,
      what: `store API ${what}`,
    });
    const json = await response.json().catch(() => undefined);
    const parsed = envelope(schema).safeParse(json);
    if (!parsed.success) {
      throw new PlatformError(
        `The store API's ${what} answer is malformed: ${z.prettifyError(parsed.error)}`,
        response.status,
        json,
      );
    }
    return parsed.data.data;
  }
}
