import { afterEach, expect, it } from "vitest";
import { startTestSandboxHost, type TestSandboxHost } from "@/e2e/support/sandbox/harness";
import { describeAgainstV2, v2Client } from "@/e2e/support/sandbox/v2-client";
import { createRng } from "../random";
import { simulateStoreOrder } from "../store-api/simulated-order";
import type { OdOrder } from "../types";

// Both dialects in one process: the same orders (same menu, customers, prices) on a 1.7 platform
// in 1.x's shape and on a 2.0 platform in 2.0's, and the simulator's orders valid in 2.0.

let started: TestSandboxHost | undefined;
afterEach(async () => {
  await started?.close();
  started = undefined;
});

type V2Order = {
  id: string;
  displayId: string;
  status: string;
  fulfillment: { orderType: string };
  items: { name: string; externalCode?: string; quantity: number; pricing: { totalPrice: { value: number } } }[];
  total: Record<string, { value: number }>;
  payments: unknown;
  customer?: { name: string };
  context: { salesChannel: string };
};

async function bothDialects() {
  started = await startTestSandboxHost({ platforms: 2, dialects: ["1.7", "2.0"], openAroundTheClock: true, seed: 7 });
  const [v1, v2] = started.platforms as [TestSandboxHost["platforms"][0], TestSandboxHost["platforms"][0]];
  const client = v2Client(v2);
  const merchant = v2.merchants[0]!;
  const token = await client.token(
    { clientId: merchant.interchange.clientId, clientSecret: merchant.interchange.clientSecret },
    "od.orders",
  );
  return { v1, v2, client, token, platform: started.host.sandboxes[1]!.platform };
}

describeAgainstV2("1.7 and 2.0 side by side", () => {
  it("places one order on both (same id, items, customer) and answers it in each dialect's shape", async () => {
    const { v1, v2, client, token } = await bothDialects();
    const orderId = "5a6b9f4e-2f61-4c0e-9a57-0c1d2e3f4a5b";
    const body = {
      orderId,
      type: "DELIVERY",
      paymentMethod: "PIX",
      customerName: "Ana Souza",
      items: [
        { code: "PZ-GRANDE", options: [{ code: "SAB-CALABRESA" }] },
        { code: "BEB-GUARANA-2L", quantity: 2 },
      ],
    };
    await v1.control("POST", "/control/orders", { ...body, merchantId: v1.merchants[0]!.merchantId });
    await v2.control("POST", "/control/orders", { ...body, merchantId: v2.merchants[0]!.merchantId });

    const old = (await (await v1.call("GET", `/v1/orders/${orderId}`, { token: await v1.token() })).json()) as OdOrder;
    const { body: now } = await client.call<V2Order>("GET", "/orders/{orderId}", { token, params: { orderId } });
    expect(old.type).toBe("DELIVERY");
    expect(now.fulfillment.orderType).toBe("DELIVERY");
    expect(now.status).toBe("CREATED");
    expect(now.items.map((i) => [i.name, i.externalCode, i.quantity, i.pricing.totalPrice.value])).toEqual(
      old.items.map((i) => [i.name, i.externalCode, i.quantity, i.totalPrice.value]),
    );
    // Fees and discounts are each platform's own draw; the items cost the same.
    expect(now.total.itemsPrice).toEqual(old.total.itemsPrice);
    expect(now.customer?.name).toBe("Ana Souza");
    expect(now.context.salesChannel).toBe("Plataforma B");
    // The 2.0 platform's events are 2.0's; the 1.7 one's stay 1.x's.
    expect((await client.drain(token)).map((e) => e.eventType)).toEqual(["CREATED"]);
    expect((await v1.drain(await v1.token())).map((e) => e.eventType)).toEqual(["CREATED"]);
  });

  it("answers every order the simulator places on the 2.0 platform in the 2.0 shape", async () => {
    const { client, token, platform } = await bothDialects();
    const rng = createRng(2026);
    const orders = Array.from({ length: 40 }, () => simulateStoreOrder(platform, rng));
    const types = new Set<string>();
    for (const order of orders) {
      const record = platform.state.orders.get(order.interchangeId)!;
      const { status, body } = await client.call<V2Order>("GET", "/orders/{orderId}", {
        token: record.merchantId === platform.state.merchants[0]!.merchantId ? token : await tokenOf(record.merchantId),
        params: { orderId: order.interchangeId },
      });
      expect(status).toBe(200);
      types.add(body.fulfillment.orderType);
    }
    expect([...types].sort()).toEqual(["DELIVERY", "INDOOR", "TAKEOUT"]);

    async function tokenOf(merchantId: string) {
      const merchant = platform.state.merchant(merchantId)!;
      return client.token(
        { clientId: merchant.interchange.clientId, clientSecret: merchant.interchange.clientSecret },
        "od.orders",
      );
    }
  });
  it("carries a CPF-na-nota takeout's billing address in 2.0's place, fulfillment.billingAddress", async () => {
    const { v2, client, token } = await bothDialects();
    const merchantId = v2.merchants[0]!.merchantId;
    const read: (V2Order & { customer?: { documentNumber?: string }; fulfillment: { billingAddress?: unknown } })[] =
      [];
    for (let i = 0; i < 12; i++) {
      const placed = (await v2.control("POST", "/control/orders", { merchantId, type: "TAKEOUT" })) as {
        orderId: string;
      };
      const { body } = await client.call<(typeof read)[number]>("GET", "/orders/{orderId}", {
        token,
        params: { orderId: placed.orderId },
      });
      read.push(body);
    }
    const billed = read.filter((order) => order.fulfillment.billingAddress);
    expect(billed.length).toBeGreaterThan(0);
    for (const order of read)
      expect(order.fulfillment.billingAddress !== undefined, order.id).toBe(
        order.customer?.documentNumber !== undefined,
      );
    for (const order of billed) expect(order.fulfillment.billingAddress).toMatchObject({ country: "BR" });
  });
});
