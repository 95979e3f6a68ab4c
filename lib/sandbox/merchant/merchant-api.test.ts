import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { startStoreKit, type StoreKit } from "../../../e2e/support/sandbox/store-kit";
import { coke2l, halfHalfPizza, orderBody, values } from "../../../e2e/support/sandbox/store-orders";
import { simulatorTick } from "../simulator";
import { createRng } from "../random";
import { dueForPull } from "./api";

// The platform's merchant API over HTTP: onboarding makes the sandbox pull the merchant's
// GET /v1/merchant (a real HTTP server here, standing in for Comanda), merchantStatus reports the
// read, merchantUpdate closes and reopens the merchant and sells out offers and options — which
// the store API's catalogue, its carts and the simulator all respect.

type Doc = Record<string, unknown> & {
  status: string;
  itemOffers: ({ id: string; status?: string } & Record<string, unknown>)[];
};

const OFFER_COKE = "5f0d7e1c-0000-4000-8000-000000001502";
const ITEM_COKE = "5f0d7e1c-0000-4000-8000-0000000a1502";
const OPTION_CATUPIRY = "5f0d7e1c-0000-4000-8000-000000110101";
const ITEM_CATUPIRY = "5f0d7e1c-0000-4000-8000-0000000b0101";

function merchantDocument(merchantId: string): Doc {
  const price = { value: 14, originalValue: 14, currency: "BRL" };
  return {
    lastUpdate: "2026-11-20T22:00:00Z",
    TTL: 600,
    id: merchantId,
    status: "AVAILABLE",
    basicInfo: {
      name: "Bella Napoli",
      document: "12345678000190",
      corporateName: "Bella Napoli Ltda",
      description: "Pizzaria",
      averagePreparationTime: 30,
      minOrderValue: { value: 20, currency: "BRL" },
      merchantType: "RESTAURANT",
      merchantCategories: ["PIZZA"],
      address: {},
      contactEmails: [],
      contactPhones: {},
      logoImage: {},
    },
    services: [
      {
        id: "5f0d7e1c-0000-4000-8000-00000000abcd",
        status: "AVAILABLE",
        serviceType: "TAKEOUT",
        menuId: "m1",
        serviceHours: { id: "h1", weekHours: [] },
      },
    ],
    menus: [{ id: "m1", name: "Cardápio", externalCode: "menu", categoryId: ["c1"] }],
    categories: [{ id: "c1", index: 0, name: "Bebidas", externalCode: "category:1003", status: "AVAILABLE" }],
    items: [
      { id: ITEM_COKE, name: "Coca-Cola 2 L", description: "", externalCode: "item:1502", unit: "UN" },
      { id: ITEM_CATUPIRY, name: "Borda Catupiry", description: "", externalCode: "option:110101", unit: "UN" },
    ],
    itemOffers: [{ id: OFFER_COKE, itemId: ITEM_COKE, index: 0, price, status: "AVAILABLE" }],
    optionGroups: [
      {
        id: "g1",
        index: 0,
        name: "Borda",
        externalCode: "property:1101",
        status: "AVAILABLE",
        minPermitted: 0,
        maxPermitted: 1,
        options: [{ id: OPTION_CATUPIRY, itemId: ITEM_CATUPIRY, status: "AVAILABLE" }],
      },
    ],
  };
}

let kit: StoreKit;
let endpoint: { url: string; server: Server; doc: Doc | string; reads: IncomingHttpHeaders[] };
let token: string;

beforeEach(async () => {
  kit = await startStoreKit();
  token = await kit.token(kit.pizzaria);
  const state = { doc: merchantDocument(kit.pizzaria.merchantId) as Doc | string, reads: [] as IncomingHttpHeaders[] };
  const server = createServer((req, res) => {
    state.reads.push(req.headers);
    if (req.headers["x-api-key"] !== "secret-key") return void res.writeHead(403).end();
    res.writeHead(200, { "content-type": "application/json" });
    res.end(typeof state.doc === "string" ? state.doc : JSON.stringify(state.doc));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  endpoint = Object.assign(state, {
    server,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/merchant`,
  });
});
afterEach(async () => {
  await kit.close();
  await new Promise((resolve) => endpoint.server.close(resolve));
});

const merchantId = () => kit.pizzaria.merchantId;
const onboard = (apiKey = "secret-key") =>
  kit.call("PUT", `/v1/merchantOnboarding?merchantId=${merchantId()}`, {
    token,
    body: { getMerchantURL: { baseURL: endpoint.url, apiKey } },
  });
const update = (body?: unknown) => kit.call("POST", "/v1/merchantUpdate", { token, body });
const status = async () => {
  const response = await kit.call("GET", `/v1/merchantStatus?merchantId=${merchantId()}`, { token });
  expect(response.status).toBe(200);
  return (await response.json()) as { lastRead: string; status: string; moreInfo?: string };
};
/** Waits for the pull the sandbox started after answering (it runs after the response). */
const settled = () =>
  vi.waitFor(
    async () => {
      const s = await status();
      expect(s.status, "the pull never finished").not.toBe("PROCESSING");
      return s;
    },
    { timeout: 2_000, interval: 20 },
  );
const belief = () =>
  kit.control<{ status: string; soldOutItems: number[]; soldOutOptions: number[]; read: { status: string } | null }>(
    "GET",
    `/control/merchants/${merchantId()}/state`,
  );
const bebidas = async () =>
  (
    await kit.data<{ items: { id: number }[] }>(
      await kit.store("GET", "/catalog/categories/1003/items", { token: await kit.appToken() }),
    )
  ).items.map((i) => i.id);
const order = async (body = orderBody()) => kit.store("POST", "/orders", { token: await kit.appToken(), body });

describe("onboarding and merchantStatus", () => {
  it("pulls the merchant endpoint with its apiKey and reports SUCCESS; 404 before onboarding", async () => {
    const before = await kit.call("GET", `/v1/merchantStatus?merchantId=${merchantId()}`, { token });
    expect(before.status).toBe(404);
    expect((await onboard()).status).toBe(201);
    expect(await settled()).toMatchObject({ status: "SUCCESS", lastRead: "2026-11-20T23:00:00.000Z" });
    expect(endpoint.reads[0]?.["x-api-key"]).toBe("secret-key");
    expect((await belief()).read?.status).toBe("SUCCESS");
  });

  it("reports FAIL naming the entity when the document breaks the standard, or the key is refused", async () => {
    endpoint.doc = { ...merchantDocument(merchantId()), itemOffers: [{ id: OFFER_COKE, itemId: "nowhere", index: 0 }] };
    await onboard();
    expect((await settled()).moreInfo).toMatch(/itemOffers\.0\.price/);
    await onboard("wrong-key");
    expect((await settled()).moreInfo).toMatch(/answered 403/);
  });

  it("refuses another merchant's id, a bad URL and an updatedObjects without entityType", async () => {
    const other = await kit.call("GET", `/v1/merchantStatus?merchantId=${kit.burger.merchantId}`, { token });
    expect(other.status).toBe(404);
    const bad = await kit.call("PUT", `/v1/merchantOnboarding?merchantId=${merchantId()}`, {
      token,
      body: { getMerchantURL: { baseURL: "ftp://x" } },
    });
    expect(bad.status).toBe(400);
    expect((await update({ updatedObjects: [{ id: "x" }] })).status).toBe(400);
    expect((await update({ entityType: "ITEM_OFFER", updatedObjects: [] })).status).toBe(400);
    expect((await kit.call("POST", "/v1/merchantUpdate", { body: {} })).status).toBe(401);
  });

  it("pulls again on an empty update and when the document's TTL has run out", async () => {
    await onboard();
    await settled();
    expect((await update()).status).toBe(204);
    // The pull runs after the answer (and the status stays SUCCESS meanwhile): the endpoint counts it.
    await expect.poll(() => endpoint.reads.length, { timeout: 2_000, interval: 20 }).toBe(2);
    expect(dueForPull(kit.sandbox.platform)).toEqual([]);
    await kit.control("POST", "/control/clock", { advanceSeconds: 600 });
    expect(dueForPull(kit.sandbox.platform)).toEqual([merchantId()]);
  });
});

describe("merchantStatus: pause and reopen", () => {
  it("a closed merchant gets no order from the store API nor the simulator; reopened, orders flow again", async () => {
    expect((await update({ merchantStatus: "UNAVAILABLE" })).status).toBe(204);
    expect(await belief()).toMatchObject({ status: "UNAVAILABLE" });
    const refused = await kit.error(await order(), 409, "merchant_unavailable");
    expect(refused.message).toMatch(/paused/);

    const platform = kit.sandbox.platform;
    const rng = createRng(3);
    const recent: string[] = [];
    for (let i = 0; i < 12; i++) simulatorTick(platform, rng, recent);
    const merchants = recent.map((id) => platform.state.orders.get(id)?.merchantId);
    expect(merchants.length).toBe(12);
    expect(merchants).not.toContain(merchantId());

    // Every merchant closed: the simulator simply waits.
    await update({ merchantStatus: "UNAVAILABLE" });
    await kit.call("POST", "/v1/merchantUpdate", {
      token: await kit.token(kit.burger),
      body: { merchantStatus: "UNAVAILABLE" },
    });
    const others = kit.sandbox.platform.state.merchants.filter(
      (m) => m.merchantId !== merchantId() && m.merchantId !== kit.burger.merchantId,
    );
    for (const m of others) {
      await kit.call("POST", "/v1/merchantUpdate", {
        token: await kit.token(m),
        body: { merchantStatus: "UNAVAILABLE" },
      });
    }
    const count = platform.state.orders.size;
    simulatorTick(platform, rng, recent);
    expect(platform.state.orders.size).toBe(count);

    await update({ merchantStatus: "AVAILABLE" });
    expect((await order()).status).toBe(201);
  });
});

describe("sold out: ITEM_OFFER and OPTION availability", () => {
  /** The Coke's ItemOffer, whole as the standard's ItemOfferUpdate carries it. */
  const coke = (status: "AVAILABLE" | "UNAVAILABLE") => ({
    id: OFFER_COKE,
    itemId: ITEM_COKE,
    index: 0,
    price: { value: 14, originalValue: 14, currency: "BRL" },
    status,
  });

  it("refuses an ItemOffer that is not whole (the standard requires itemId, index and price)", async () => {
    await onboard();
    await settled();
    const response = await update({
      entityType: "ITEM_OFFER",
      updatedObjects: [{ id: OFFER_COKE, status: "UNAVAILABLE" }],
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toMatch(
      /updatedObjects\[0\]\.itemId.*a whole ITEM_OFFER object, as 1\.7\.0 requires/,
    );
    expect((await belief()).soldOutItems).toEqual([]);
  });

  it("refuses what 1.7.0's MerchantUpdate refuses, each object checked against its entityType's entity", async () => {
    await onboard();
    await settled();
    const refused = async (body: unknown, reason: RegExp) => {
      const response = await update(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.headers.get("content-type")).toMatch(/application\/problem\+json/);
      expect(await response.text()).toMatch(reason);
    };
    await refused({ merchantStatus: "CLOSED" }, /merchantStatus/);
    await refused({ entityType: "DISH", updatedObjects: [coke("UNAVAILABLE")] }, /entityType/);
    await refused(
      { entityType: "ITEM_OFFER", updatedObjects: [{ ...coke("UNAVAILABLE"), price: { value: 14, currency: "brl" } }] },
      /updatedObjects\[0\]\.price\.(originalValue|currency)/,
    );
    await refused(
      { entityType: "ITEM_OFFER", updatedObjects: [{ ...coke("UNAVAILABLE"), status: "SOLD_OUT" }] },
      /status/,
    );
    await refused(
      { entityType: "OPTION", updatedObjects: [{ id: "catupiry", status: "UNAVAILABLE" }] },
      /updatedObjects\[0\]\.id/,
    );
    await refused({ entityType: "CATEGORY", updatedObjects: [{ id: OFFER_COKE, status: "UNAVAILABLE" }] }, /index/);
    expect((await belief()).soldOutItems).toEqual([]);
    // An object without a status has the standard's default, AVAILABLE.
    const noStatus: Record<string, unknown> = { ...coke("UNAVAILABLE") };
    delete noStatus.status;
    await update({ entityType: "ITEM_OFFER", updatedObjects: [coke("UNAVAILABLE")] });
    expect((await update({ entityType: "ITEM_OFFER", updatedObjects: [noStatus] })).status).toBe(204);
    expect((await belief()).soldOutItems).toEqual([]);
  });

  it("needs a published menu to resolve the objects", async () => {
    const response = await update({ entityType: "ITEM_OFFER", updatedObjects: [coke("UNAVAILABLE")] });
    expect(response.status).toBe(400);
    expect(await response.text()).toMatch(/last published menu/);
  });

  it("a sold-out offer leaves the catalogue and a cart with it is refused; restocked, it is offered again", async () => {
    await onboard();
    await settled();
    expect(await bebidas()).toContain(1502);

    const off = await update({ entityType: "ITEM_OFFER", updatedObjects: [coke("UNAVAILABLE")] });
    expect(off.status).toBe(204);
    expect(await bebidas()).not.toContain(1502);
    expect((await kit.error(await order(), 422, "item_unavailable")).message).toMatch(
      /items\[0\]: Coca-Cola 2 L is sold out/,
    );
    expect((await belief()).soldOutItems).toEqual([1502]);

    await update({ entityType: "ITEM_OFFER", updatedObjects: [coke("AVAILABLE")] });
    expect(await bebidas()).toContain(1502);
    expect((await order()).status).toBe(201);
  });

  it("a sold-out option is refused in a cart; the document's own statuses apply on a pull", async () => {
    await onboard();
    await settled();
    await update({ entityType: "OPTION", updatedObjects: [{ id: OPTION_CATUPIRY, status: "UNAVAILABLE" }] });
    const refused = await kit.error(await order(), 422, "item_unavailable");
    expect(refused.message).toMatch(/Borda recheada de Catupiry is sold out/);
    // Without the crust the cart is fine.
    const plain = orderBody({
      items: [coke2l()],
      pizzaItems: [{ ...halfHalfPizza(67.9), properties: [halfHalfPizza().properties[0]] }],
      values: values(81.9),
    });
    expect((await order(plain)).status).toBe(201);

    // The merchant's document says the Coke is out and the crust is back: a pull takes both.
    const doc = merchantDocument(merchantId());
    doc.itemOffers[0]!.status = "UNAVAILABLE";
    endpoint.doc = doc;
    await kit.control("POST", `/control/merchants/${merchantId()}/pull`);
    expect(await belief()).toMatchObject({ soldOutItems: [1502], soldOutOptions: [] });
  });
});
