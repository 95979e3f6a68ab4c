import "server-only";
import { z } from "zod";
import { PlatformError, platformFetch, type PlatformResponse } from "@/lib/open-delivery/http";
import { StoreTokenCache, storeApiError, storeApiHeaders, storeApiUrl, type StoreApiCredentials } from "./store-http";
import {
  toCategory,
  toDeliveryAreas,
  toItems,
  toPaymentForms,
  toPizzaSizes,
  toSpecificLocations,
  toStoreInfo,
} from "./store-mappers";
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
} from "./store-schemas";
import type { DeliveryArea, MenuItem, PaymentForm, PizzaSize, SpecificLocation, StoreInfo, StoreMenu } from "./store-types";

export type { StoreApiCredentials } from "./store-http";

const PAGE_SIZE = 30;
/** A menu bigger than this many pages is not one a person browses; stop rather than loop. */
const MAX_PAGES = 20;

/**
 * The store API of one store, with the store's client_credentials token: store data, delivery
 * areas, payment forms, the menu, and order creation (a guest order, see test-order.ts).
 */
export class StoreApiClient {
  private readonly tokens: StoreTokenCache;

  constructor(private readonly credentials: StoreApiCredentials) {
    this.tokens = new StoreTokenCache(credentials);
  }

  async store(): Promise<StoreInfo> {
    return toStoreInfo(await this.call("GET", "/stores/current", storeSchema, "store data"));
  }

  async deliveryAreas(): Promise<DeliveryArea[]> {
    return toDeliveryAreas(await this.call("GET", "/delivery/areas", deliveryAreasSchema, "delivery areas"));
  }

  async specificLocations(): Promise<SpecificLocation[]> {
    return toSpecificLocations(await this.call("GET", "/delivery/specific-locations", specificLocationsSchema, "specific locations"));
  }

  async paymentForms(): Promise<PaymentForm[]> {
    return toPaymentForms(await this.call("GET", "/payment-forms", paymentFormsSchema, "payment forms"));
  }

  async pizzaSizes(): Promise<PizzaSize[]> {
    return toPizzaSizes((await this.call("GET", "/catalog/pizza-sizes", pizzaSizesSchema, "pizza sizes")).pizzaSizes);
  }

  /** Every category with its items (and their properties), in the platform's order. */
  async menu(): Promise<StoreMenu> {
    const [categories, pizzaSizes] = await Promise.all([this.pages("/catalog/categories", categoriesSchema, (d) => d.categories), this.pizzaSizes()]);
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
      const data = await this.call("GET", `${path}?offset=${page * PAGE_SIZE}&limit=${PAGE_SIZE}${extra}`, schema, path);
      const found = elements(data);
      all.push(...found);
      const total = (data as { pagination?: { totalItems: number } | null }).pagination?.totalItems;
      if (found.length < PAGE_SIZE || (total !== undefined && all.length >= total)) break;
    }
    return all;
  }

  /** One call with the store token; a 401 drops the token and tries once more with a new one. */
  private async call<T>(method: "GET" | "POST", path: string, schema: z.ZodType<T>, what: string, body?: unknown): Promise<T> {
    let response = await this.send(method, path, body);
    if (response.status === 401) {
      this.tokens.invalidate();
      response = await this.send(method, path, body);
    }
    if (!response.ok) throw await storeApiError(response, what);
    const json = await response.json().catch(() => undefined);
    const parsed = envelope(schema).safeParse(json);
    if (!parsed.success) {
      throw new PlatformError(`The store API's ${what} answer is malformed: ${z.prettifyError(parsed.error)}`, response.status, json);
    }
    return parsed.data.data;
  }

  private async send(method: string, path: string, body: unknown): Promise<PlatformResponse> {
    const token = await this.tokens.get();
    return platformFetch(storeApiUrl(this.credentials.baseUrl, `/store-api/v1${path}`), {
      method,
      headers: storeApiHeaders(this.credentials, token),
      body: body === undefined ? undefined : JSON.stringify(body),
      timeoutMs: this.credentials.timeoutMs,
    });
  }
}
