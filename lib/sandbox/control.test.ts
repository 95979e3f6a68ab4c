import { afterEach, describe, expect, it } from "vitest";
import { startTestSandbox, type TestSandbox } from "../../e2e/support/sandbox/harness";

let sbx: TestSandbox;
afterEach(async () => {
  await sbx?.close();
});

const json = async (response: Response) => (await response.json()) as Record<string, unknown>;

describe("control API", () => {
  it("GET /control/merchants lists merchants with their interchange, admin and store credentials and customers", async () => {
    sbx = await startTestSandbox();
    const response = await sbx.call("GET", "/control/merchants");
    expect(response.status).toBe(200);
    const merchants = (await response.json()) as unknown[];
    expect(merchants.length).toBeGreaterThanOrEqual(2);
    for (const merchant of merchants) {
      expect(Object.keys(merchant as object).sort()).toEqual([
        "admin",
        "connection",
        "customers",
        "interchange",
        "merchantId",
        "name",
        "restaurant",
        "serviceId",
        "store",
      ]);
      expect(merchant).toEqual({
        merchantId: expect.stringMatching(/^[0-9a-f-]{36}$/),
        restaurant: expect.any(String),
        name: expect.any(String),
        serviceId: expect.any(String),
        interchange: { clientId: expect.any(String), clientSecret: expect.any(String) },
        admin: {
          clientId: expect.any(String),
          clientSecret: expect.any(String),
          username: expect.any(String),
          password: expect.any(String),
        },
        store: { clientId: expect.any(String), clientSecret: expect.any(String) },
        customers: expect.arrayContaining([{ username: expect.any(String), password: expect.any(String) }]),
        // The seed's merchants are all under the default integrator.
        connection: { name: "Comanda", clientId: expect.any(String), clientSecret: expect.any(String) },
      });
    }
    // One platform: each seed merchant is a restaurant of its own.
    const restaurants = new Set(merchants.map((merchant) => (merchant as { restaurant: string }).restaurant));
    expect(restaurants.size).toBe(merchants.length);
  });

  it("POST /control/orders creates an order with an empty body and queues CREATED", async () => {
    sbx = await startTestSandbox();
    const response = await sbx.call("POST", "/control/orders");
    expect(response.status).toBe(201);
    const { orderId } = (await response.json()) as { orderId: string };
    expect(orderId).toMatch(/^[0-9a-f-]{36}$/);
    const state = await json(await sbx.call("GET", `/control/orders/${orderId}`));
    expect(state).toMatchObject({
      status: "CREATED",
      order: { id: orderId },
      events: [{ eventType: "CREATED", acknowledged: false }],
    });
  });

  it("POST /control/orders honours merchantId, type, timing and payment", async () => {
    sbx = await startTestSandbox();
    const merchant = sbx.merchants[1]!;
    const response = await sbx.call("POST", "/control/orders", {
      body: { merchantId: merchant.merchantId, type: "TAKEOUT", orderTiming: "SCHEDULED", paymentMethod: "CASH" },
    });
    const { orderId } = (await response.json()) as { orderId: string };
    const { order } = (await json(await sbx.call("GET", `/control/orders/${orderId}`))) as {
      order: Record<string, unknown>;
    };
    expect(order).toMatchObject({
      type: "TAKEOUT",
      orderTiming: "SCHEDULED",
      merchant: { id: merchant.merchantId, name: merchant.name },
      payments: { methods: [{ method: "CASH", type: "PENDING" }] },
    });
  });

  it("POST /control/orders refuses bad values (400) and unknown merchants (404)", async () => {
    sbx = await startTestSandbox();
    const bad = await sbx.call("POST", "/control/orders", { body: { type: "DRIVE_THRU" } });
    expect(bad.status).toBe(400);
    expect(bad.headers.get("content-type")).toContain("application/problem+json");
    expect(await json(bad)).toMatchObject({ status: 400, title: expect.stringContaining("type") });
    expect((await sbx.call("POST", "/control/orders", { body: { paymentMethod: "BITCOIN" } })).status).toBe(400);
    expect((await sbx.call("POST", "/control/orders", { body: "[1" })).status).toBe(400);
    const unknown = await sbx.call("POST", "/control/orders", { body: { merchantId: crypto.randomUUID() } });
    expect(unknown.status).toBe(404);
    expect(await json(unknown)).toEqual({ title: "Merchant not found", status: 404 });
  });

  it("POST /control/orders places the items asked for, priced from the menu, with the note asked for", async () => {
    sbx = await startTestSandbox();
    const merchant = sbx.merchants[0]!; // Pizzaria Bella Napoli
    const response = await sbx.call("POST", "/control/orders", {
      body: {
        merchantId: merchant.merchantId,
        type: "TAKEOUT",
        items: [
          {
            code: "PZ-GRANDE",
            options: [{ code: "SAB-CALABRESA" }, { code: "SAB-PORTUGUESA" }, { code: "MASSA-FINA" }],
            specialInstructions: "sem cebola",
          },
          { code: "BEB-GUARANA-2L", quantity: 2 },
          { code: "BEB-SUCO-300", options: [{ code: "SUCO-LARANJA" }] },
        ],
        extraInfo: "Interfone quebrado",
      },
    });
    expect(response.status).toBe(201);
    const { orderId } = (await response.json()) as { orderId: string };
    const { order } = (await json(await sbx.call("GET", `/control/orders/${orderId}`))) as {
      order: {
        items: Array<Record<string, unknown>>;
        total: { itemsPrice: { value: number } };
        extraInfo?: string;
      };
    };
    expect(order.items).toMatchObject([
      {
        index: 1,
        name: "Pizza Grande (8 fatias)",
        externalCode: "PZ-GRANDE",
        quantity: 1,
        specialInstructions: "sem cebola",
        // Two flavours are halves: half of the dearer flavour's surcharge (Portuguesa, ESPECIAL: R$ 7).
        options: [
          { name: "1/2 Calabresa", quantity: 1, unitPrice: { value: 0 } },
          { name: "1/2 Portuguesa", quantity: 1, unitPrice: { value: 3.5 } },
          { name: "Massa fina e crocante", quantity: 1, unitPrice: { value: 0 } },
        ],
        totalPrice: { value: 58.4 },
      },
      { index: 2, name: "Guaraná Antarctica 2 L", quantity: 2, totalPrice: { value: 26 } },
      { index: 3, name: "Suco natural 300 ml", options: [{ name: "Laranja" }], totalPrice: { value: 9 } },
    ]);
    expect(order.items[1]).not.toHaveProperty("options");
    expect(order.total.itemsPrice.value).toBe(93.4);
    expect(order.extraInfo).toBe("Interfone quebrado");

    // null: no note at all, whatever the random draw would have said.
    for (let i = 0; i < 20; i++) {
      const plain = await sbx.call("POST", "/control/orders", {
        body: { merchantId: merchant.merchantId, items: [{ code: "BEB-COCA-2L" }], extraInfo: null },
      });
      const placed = (await plain.json()) as { orderId: string };
      const read = (await json(await sbx.call("GET", `/control/orders/${placed.orderId}`))) as {
        order: { items: unknown[]; extraInfo?: string };
      };
      expect(read.order.items).toHaveLength(1);
      expect(read.order).not.toHaveProperty("extraInfo");
    }
  });

  it("POST /control/orders names the unknown item or option code (400)", async () => {
    sbx = await startTestSandbox();
    const merchantId = sbx.merchants[0]!.merchantId;
    const item = await sbx.call("POST", "/control/orders", {
      body: { merchantId, items: [{ code: "BEB-COCA-2L" }, { code: "X-BURGER" }] },
    });
    expect(item.status).toBe(400);
    expect(await json(item)).toMatchObject({ title: expect.stringContaining("items[1].code") });
    const option = await sbx.call("POST", "/control/orders", {
      body: { merchantId, items: [{ code: "PZ-BROTO", options: [{ code: "SUCO-LARANJA" }] }] },
    });
    expect(option.status).toBe(400);
    expect(await json(option)).toMatchObject({ title: expect.stringContaining("items[0].options[0].code") });
    const empty = await sbx.call("POST", "/control/orders", { body: { merchantId, items: [] } });
    expect(empty.status).toBe(400);
  });

  it("GET /control/orders/{id} shows acknowledged flags; unknown ids are 404", async () => {
    sbx = await startTestSandbox();
    const token = await sbx.token();
    const orderId = await sbx.createOrder();
    const [event] = (await (await sbx.call("GET", "/v1/events:polling", { token })).json()) as { eventId: string }[];
    await sbx.call("POST", "/v1/events/acknowledgment", {
      token,
      body: [{ id: event!.eventId, orderId, eventType: "CREATED" }],
    });
    const state = await json(await sbx.call("GET", `/control/orders/${orderId}`));
    expect(state.events).toEqual([
      expect.objectContaining({ eventId: event!.eventId, acknowledged: true, acknowledgedAt: expect.any(String) }),
    ]);
    expect((await sbx.call("GET", `/control/orders/${crypto.randomUUID()}`)).status).toBe(404);
  });

  it("GET /control/requests logs interchange calls, newest last, filtered by order and path", async () => {
    sbx = await startTestSandbox();
    const token = await sbx.token();
    const orderId = await sbx.createOrder();
    const other = await sbx.createOrder();
    await sbx.call("GET", "/v1/events:polling?eventType=CREATED", { token });
    await sbx.call("POST", `/v1/orders/${orderId}/confirm`, { token, body: { orderExternalCode: "A1" } });
    await sbx.call("POST", `/v1/orders/${orderId}/confirm`, { token });
    await sbx.call("POST", `/v1/orders/${other}/confirm`, { token });

    const all = (await (await sbx.call("GET", "/control/requests")).json()) as {
      path: string;
      status: number;
      body: unknown;
      at: string;
      method: string;
      query: string;
    }[];
    expect(all.map((r) => r.path)).toEqual([
      "/oauth/token",
      "/v1/events:polling",
      `/v1/orders/${orderId}/confirm`,
      `/v1/orders/${orderId}/confirm`,
      `/v1/orders/${other}/confirm`,
    ]);
    expect(all[0]!.body).toMatchObject({ client_secret: "***" });
    expect(all[1]!.query).toBe("?eventType=CREATED");
    expect(all.every((r) => typeof r.at === "string" && (r.method === "GET" || r.method === "POST"))).toBe(true);

    const mine = (await (await sbx.call("GET", `/control/requests?orderId=${orderId}&path=/confirm`)).json()) as {
      status: number;
      body: unknown;
    }[];
    expect(mine.map((r) => r.status)).toEqual([202, 422]);
    expect(mine[0]!.body).toEqual({ orderExternalCode: "A1" });
    // Control calls are not interchange calls and stay out of the log.
    expect(all.some((r) => r.path.startsWith("/control"))).toBe(false);
  });

  it("POST /control/reset clears orders, events, faults and the log but keeps merchants", async () => {
    sbx = await startTestSandbox();
    const token = await sbx.token();
    const orderId = await sbx.createOrder();
    await sbx.call("PUT", "/control/faults", {
      body: { duplicateEvents: true, rules: [{ route: "*", latencyMs: 1 }] },
    });
    const before = await (await sbx.call("GET", "/control/merchants")).json();

    expect((await sbx.call("POST", "/control/reset")).status).toBe(200);
    expect((await sbx.call("GET", `/control/orders/${orderId}`)).status).toBe(404);
    expect((await sbx.call("GET", "/v1/events:polling", { token })).status).toBe(204);
    expect(await json(await sbx.call("GET", "/control/faults"))).toEqual({
      rules: [],
      duplicateEvents: false,
      revokeTokens: false,
    });
    expect(
      ((await (await sbx.call("GET", "/control/requests")).json()) as unknown[]).map(
        (r) => (r as { path: string }).path,
      ),
    ).toEqual(["/v1/events:polling"]);
    expect(await (await sbx.call("GET", "/control/merchants")).json()).toEqual(before);
  });

  it("unknown routes answer 404 problem+json", async () => {
    sbx = await startTestSandbox();
    for (const [method, path] of [
      ["GET", "/nope"],
      ["POST", "/v1/orders/x/teleport"],
      ["DELETE", "/control/merchants"],
    ] as const) {
      const response = await sbx.call(method, path);
      expect(response.status).toBe(404);
      expect(response.headers.get("content-type")).toContain("application/problem+json");
      expect(await response.json()).toEqual({ title: "Not found", status: 404 });
    }
  });
});
