import { createHmac } from "node:crypto";
import { afterEach, expect, it } from "vitest";
import { v2WebhookErrors } from "@/e2e/support/open-delivery-v2-schemas";
import { startTestSandbox, type TestSandbox } from "@/e2e/support/sandbox/harness";
import { describeAgainstV2, v2Client } from "@/e2e/support/sandbox/v2-client";
import { startWebhookReceiver, type WebhookReceiver } from "@/e2e/support/sandbox/webhook-receiver";

// A 2.0 platform's webhook push (2.0's OrderEvent at {url}/v2/newEvent, signed as in 1.x) and its
// faults, which work on the 2.0 routes as on 1.x's, failing in 2.0's words.

let sbx: TestSandbox | undefined;
let receiver: WebhookReceiver | undefined;
afterEach(async () => {
  await sbx?.close();
  await receiver?.close();
  sbx = undefined;
  receiver = undefined;
});

type Integrator = { clientId: string; clientSecret: string; merchantIds: string[] };

async function start() {
  sbx = await startTestSandbox({ openDelivery: "2.0", webhook: { retryBaseMs: 20, maxAttempts: 3 } });
  const client = v2Client(sbx);
  const [app] = await sbx.control<Integrator[]>("GET", "/control/integrators");
  const token = await client.token(app!, "od.orders");
  return { sbx, client, token, app: app! };
}

describeAgainstV2("a 2.0 platform's webhook and faults", () => {
  it("pushes 2.0 events to {url}/v2/newEvent, valid against orderEvent and signed with the app's secret", async () => {
    const { sbx, client, token, app } = await start();
    receiver = await startWebhookReceiver();
    const merchant = sbx.merchants[0]!;
    await sbx.control("PUT", `/control/merchants/${merchant.merchantId}/webhook`, { url: receiver.url });
    const orderId = await sbx.createOrder({ merchantId: merchant.merchantId, type: "TAKEOUT" });
    await client.call("POST", "/orders/{orderId}/confirm", { token, params: { orderId } });
    await sbx.control("POST", `/control/orders/${orderId}/customer-cancellation`);
    await expect.poll(() => receiver!.received.length, { timeout: 3_000, interval: 10 }).toBe(3);

    const pushed = receiver.received.map((push) => {
      expect(push.path).toBe("/hooks/v2/newEvent");
      expect(push.headers["x-app-merchantid"]).toBe(merchant.merchantId);
      expect(push.headers["x-app-signature"]).toBe(
        createHmac("sha256", app.clientSecret).update(push.raw).digest("hex"),
      );
      const event = JSON.parse(push.raw) as { eventType: string; orderURL: string };
      expect(v2WebhookErrors("orders", "orderEvent", event)).toEqual([]);
      return event;
    });
    expect(pushed.map((e) => e.eventType).sort()).toEqual(["CANCELLED", "CONFIRMED", "CREATED"]);
    expect(pushed[0]!.orderURL).toBe(`${sbx.url}/v2/orders/${orderId}`);
  });

  it("injects errors on 2.0 routes as {code, message}, and duplicates polled events on demand", async () => {
    const { sbx, client, token } = await start();
    await sbx.control("PUT", "/control/faults", { rules: [{ route: "GET /v2/orders/*", errorRate: 1 }] });
    const orderId = await sbx.createOrder({ type: "TAKEOUT" });
    const failed = await client.call<{ code: string; message: string }>("GET", "/orders/{orderId}", {
      token,
      params: { orderId },
    });
    expect(failed.status).toBe(500);
    expect(failed.body.message).toMatch(/injected fault/);

    await sbx.control("PUT", "/control/faults", { rules: [], duplicateEvents: true });
    const { events } = await client.poll(token);
    expect(events.map((e) => e.eventType)).toEqual(["CREATED", "CREATED"]);
    expect(new Set(events.map((e) => e.eventId)).size).toBe(1);

    await sbx.control("PUT", "/control/faults", { rules: [], revokeTokens: true });
    expect((await client.call("GET", "/orders/{orderId}", { token, params: { orderId } })).status).toBe(401);
  });

  it("cancels an order nobody confirmed in time with one CANCELLED event", async () => {
    const { sbx, client, token } = await start();
    const orderId = await sbx.createOrder({ type: "DELIVERY", orderTiming: "INSTANT" });
    await client.drain(token);
    await sbx.control("POST", "/control/clock", { advanceSeconds: 9 * 60 });
    const events = await client.drain(token);
    expect(events.map((e) => [e.eventType, e.orderId])).toEqual([["CANCELLED", orderId]]);
    const { body } = await client.call<{ status: string }>("GET", "/orders/{orderId}", {
      token,
      params: { orderId },
    });
    expect(body.status).toBe("CANCELLED");
  });
});

describeAgainstV2("a 2.0 platform restarted on its data folder", () => {
  it("keeps the status it holds, the scopes it granted and the tokens it issued", async () => {
    const first = await start();
    const orderId = await first.sbx.createOrder({ type: "TAKEOUT" });
    await first.sbx.control("PUT", `/control/orders/${orderId}/status`, { status: "PREPARING" });
    await first.sbx.control("PUT", `/control/integrators/${first.app.clientId}/scopes`, { scopes: ["od.orders"] });
    const { dataDir } = first.sbx;
    await first.sbx.close({ keepData: true });

    sbx = await startTestSandbox({ openDelivery: "2.0", dataDir });
    const client = v2Client(sbx);
    const { status, body } = await client.call<{ status: string }>("GET", "/orders/{orderId}", {
      token: first.token,
      params: { orderId },
    });
    expect([status, body.status]).toEqual([200, "PREPARING"]);
    await expect(client.token(first.app, "od.menu")).rejects.toThrow(/HTTP 401/);
  });
});
