import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PlatformError } from "@/lib/platform/errors";
import { InterchangeClient } from "@/lib/platform/interchange/client";
import { startSandboxProcess, type SandboxMerchant, type SandboxProcess } from "@/e2e/support/sandbox-process";
import { sandboxChannelConfig } from "@/e2e/support/store-connection";
import type { ChannelConfig } from "@/lib/stores/config";
import { StoreApiClient, storeApiUrl } from "./client";
import { sendTestOrder } from "@/lib/stores/test-orders";

// The store API client against a real sandbox process over HTTP.

let sandbox: SandboxProcess;
let pizzeria: SandboxMerchant;
let burgers: SandboxMerchant;

const credentials = (merchant: SandboxMerchant) => ({
  baseUrl: sandbox.url,
  serviceId: merchant.serviceId,
  clientId: merchant.store.clientId,
  clientSecret: merchant.store.clientSecret,
  timeoutMs: 5_000,
});

const configOf = (merchant: SandboxMerchant): ChannelConfig => sandboxChannelConfig(sandbox, merchant);

beforeAll(async () => {
  sandbox = await startSandboxProcess();
  const merchants = await sandbox.control<SandboxMerchant[]>("GET", "/control/merchants");
  pizzeria = merchants.find((m) => m.serviceId === "bella-napoli-vila-madalena")!;
  burgers = merchants.find((m) => m.serviceId === "vila-smash-pinheiros")!;
});
afterAll(() => sandbox?.stop());
beforeEach(() => sandbox.control("DELETE", "/control/faults"));

describe("StoreApiClient", () => {
  it("reads the store's data, hours, areas, specific locations and payment forms", async () => {
    const client = new StoreApiClient(credentials(pizzeria));
    const [store, areas, locations, forms] = await Promise.all([
      client.store(),
      client.deliveryAreas(),
      client.specificLocations(),
      client.paymentForms(),
    ]);
    expect(store.name).toBe("Pizzaria Bella Napoli");
    expect(["OPEN", "CLOSED"]).toContain(store.status);
    expect(store.minimumOrder).toEqual({ value: 40, currency: "BRL" });
    expect(store.businessHours).toContainEqual({ weekday: 0, start: "18:00:00-03:00", end: "00:30:00-03:00" });
    expect(areas.length).toBeGreaterThan(0);
    expect(areas[0]!.polygon.length).toBeGreaterThanOrEqual(3);
    expect(areas[0]!.fee?.fixedPrice?.value).toBeGreaterThanOrEqual(0);
    expect(Array.isArray(locations)).toBe(true);
    expect(forms.map((f) => f.name)).toContain("Dinheiro");
  });

  it("reads the whole menu: categories with items and properties, pizza sizes with flavours", async () => {
    const menu = await new StoreApiClient(credentials(pizzeria)).menu();
    const pizzas = menu.categories.find((c) => c.isPizzaModule);
    expect(pizzas?.name).toBe("Pizzas");
    const drinks = menu.categories.flatMap((c) => c.items).find((i) => i.name === "Coca-Cola 2 L");
    expect(drinks?.price).toEqual({ value: 14, currency: "BRL" });
    const large = menu.pizzaSizes.find((s) => s.name === "Pizza Grande");
    expect(large?.maximumFlavors).toBe(2);
    expect(large?.flavors.find((f) => f.name === "Calabresa")?.price).toEqual({ value: 54.9, currency: "BRL" });
    expect(large?.flavors.find((f) => f.name === "Camarão")?.status).toBe("UNAVAILABLE");
    expect(large?.properties.map((p) => p.name)).toEqual(["Massa", "Borda"]);
    const withProperties = menu.categories.flatMap((c) => c.items).filter((i) => i.properties.length > 0);
    expect(withProperties.length).toBeGreaterThan(0);
  });

  it("shares one token between concurrent callers and reuses it", async () => {
    const cache = new StoreApiClient(credentials(burgers)).tokens;
    const tokens = await Promise.all([cache.get(), cache.get(), cache.get(), cache.get()]);
    expect(new Set(tokens).size).toBe(1);
    expect(await cache.get()).toBe(tokens[0]);
  });

  it("renews the token shortly before it expires, not after", async () => {
    let now = Date.now();
    const cache = new StoreApiClient(credentials(burgers), () => now).tokens;
    const first = await cache.get();
    // The sandbox's tokens last 6 hours; the cache lets go of one a minute before that.
    now += 6 * 3600_000 - 61_000;
    expect(await cache.get()).toBe(first);
    now += 2_000;
    expect(await cache.get()).not.toBe(first);
  });

  it("gets a new token when the platform revokes the old one", async () => {
    const client = new StoreApiClient(credentials(burgers));
    await client.store();
    await sandbox.control("PUT", "/control/faults", { revokeTokens: true });
    expect((await client.store()).name).toBe("Vila Smash Burger & Açaí");
  });

  it("turns the platform's error envelope and outages into PlatformErrors", async () => {
    const wrong = new StoreApiClient({ ...credentials(pizzeria), clientSecret: "wrong" });
    await expect(wrong.store()).rejects.toThrow(/HTTP 401 \(invalid_client\)/);
    await sandbox.control("PUT", "/control/faults", {
      rules: [{ route: "* /store-api/*", errorRate: 1, errorStatus: 503 }],
    });
    const error = await new StoreApiClient(credentials(pizzeria)).store().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PlatformError);
    expect((error as PlatformError).status).toBe(503);
  });

  it("refuses URLs outside the configured base", () => {
    expect(() => storeApiUrl("http://127.0.0.1:1/sandbox", "/store-api/v1/../../admin")).toThrow(PlatformError);
    expect(() => storeApiUrl("http://127.0.0.1:1/sandbox", "@evil.example/store-api/v1/x")).toThrow(PlatformError);
    expect(storeApiUrl("http://127.0.0.1:1/sandbox/", "/store-api/v1/stores/current")).toBe(
      "http://127.0.0.1:1/sandbox/store-api/v1/stores/current",
    );
  });
});

describe("test order", () => {
  it("places a real order that arrives on the interchange API as a CREATED event, once per request id", async () => {
    for (const merchant of [pizzeria, burgers]) {
      const requestId = crypto.randomUUID();
      const [first, second] = await Promise.all([
        sendTestOrder(configOf(merchant), requestId),
        sendTestOrder(configOf(merchant), requestId),
      ]);
      expect(second).toEqual(first);
      expect(first.interchangeOrderId).toBeTruthy();
      expect(first.summary).toMatch(/^\d+ × /);

      const interchange = new InterchangeClient({
        baseUrl: sandbox.url,
        clientId: merchant.interchange.clientId,
        clientSecret: merchant.interchange.clientSecret,
        timeoutMs: 5_000,
      });
      const events = await interchange.pollEvents([merchant.merchantId]);
      const created = events.filter((event) => event.orderId === first.interchangeOrderId);
      expect(created.map((event) => event.eventType)).toEqual(["CREATED"]);
      const details = (await interchange.getOrder(first.interchangeOrderId!)) as {
        type: string;
        customer?: { name?: string };
      };
      expect(details.customer?.name).toBe("TESTE Comanda");
      expect(details.type).toBe("TAKEOUT");
      // One click, one order: the repeated request id placed nothing more.
      const orders = await sandbox.control<Array<{ merchantId: string }>>("GET", "/control/orders");
      expect(orders.filter((o) => o.merchantId === merchant.merchantId)).toHaveLength(1);
    }
  });

  it("says so in a sentence when the platform refuses or is down", async () => {
    await sandbox.control("PUT", "/control/faults", {
      rules: [{ route: "POST /store-api/v1/orders", errorRate: 1, errorStatus: 503 }],
    });
    await expect(sendTestOrder(configOf(pizzeria), crypto.randomUUID())).rejects.toMatchObject({
      code: "platform_unavailable",
    });
  });
});
