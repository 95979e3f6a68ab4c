import { createHmac } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { describeErrors, officialSchema, startTestSandbox, type TestSandbox } from "../../e2e/support/sandbox/harness";
import { startWebhookReceiver, type WebhookReceiver } from "../../e2e/support/sandbox/webhook-receiver";

// A tiny receiving server (e2e/support/sandbox/webhook-receiver.ts) stands in for Comanda's
// webhook endpoint; the test verifies the signature itself.

let sbx: TestSandbox;
let receiver: WebhookReceiver | undefined;
afterEach(async () => {
  await sbx?.close();
  await receiver?.close();
  receiver = undefined;
});

async function startReceiver(statuses: number[] = []) {
  receiver = await startWebhookReceiver(statuses);
  return receiver;
}

const waitFor = (condition: () => boolean | Promise<boolean>) =>
  expect.poll(condition, { timeout: 3_000, interval: 10 }).toBe(true);

const setWebhook = (url: string, merchantId = sbx.merchants[0]!.merchantId) =>
  sbx.call("PUT", `/control/merchants/${merchantId}/webhook`, { body: { url } });

type WebhookView = {
  deliveries: { attempt: number; status: number | null; error: string | null }[];
  pending: number;
};
const webhookView = (merchantId = sbx.merchants[0]!.merchantId) =>
  sbx.control<WebhookView>("GET", `/control/merchants/${merchantId}/webhook`);
/**
 * Waits until the merchant's pushes are all done (none in flight, no retry waiting): from then on
 * nothing more reaches the receiver, so what it received is final.
 */
const settled = async (merchantId = sbx.merchants[0]!.merchantId) => {
  await expect.poll(async () => (await webhookView(merchantId)).pending, { timeout: 3_000, interval: 10 }).toBe(0);
  return webhookView(merchantId);
};

describe("webhook push", () => {
  it("POSTs each event to {url}/v1/newEvent, signed with HMAC-SHA256 of the raw body; polling still returns it", async () => {
    sbx = await startTestSandbox({ webhook: { retryBaseMs: 20, maxAttempts: 3 } });
    const merchant = sbx.merchants[0]!;
    const { url, received } = await startReceiver();
    const set = await setWebhook(url);
    expect(set.status).toBe(200);
    expect(await set.json()).toEqual({ merchantId: merchant.merchantId, url, deliveries: [], pending: 0 });

    const token = await sbx.token();
    const orderId = await sbx.createOrder();
    await sbx.call("POST", `/v1/orders/${orderId}/confirm`, { token });
    await sbx.call("POST", `/v1/orders/${orderId}/preparing`, { token });
    await waitFor(() => received.length === 3);

    const validate = officialSchema("order-webhook", "request");
    for (const push of received) {
      expect(push.path).toBe("/hooks/v1/newEvent");
      expect(push.headers["content-type"]).toBe("application/json");
      expect(push.headers["x-app-merchantid"]).toBe(merchant.merchantId);
      // Keyed with the client secret of the integrator covering the merchant (the seed's default one).
      const secret = sbx.sandbox.platform.state.integratorOf(merchant.merchantId)!.clientSecret;
      const expected = createHmac("sha256", secret).update(push.raw).digest("hex");
      expect(push.headers["x-app-signature"]).toBe(expected);
      const body = JSON.parse(push.raw) as { sourceAppId: string; orderURL: string };
      expect(validate(body), describeErrors(validate)).toBe(true);
      expect(push.headers["x-app-id"]).toBe(body.sourceAppId);
      expect(body.orderURL).toBe(`${sbx.url}/v1/orders/${orderId}`);
    }
    const pushed = received.map((r) => JSON.parse(r.raw) as { eventId: string; eventType: string });
    expect(pushed.map((e) => e.eventType)).toEqual(["CREATED", "CONFIRMED", "PREPARING"]);
    // Pushing does not acknowledge: polling returns the same events until they are acknowledged.
    expect((await sbx.poll(token)).events.map((e) => e.eventId)).toEqual(pushed.map((e) => e.eventId));
  });

  it("retries a failed push with exponential backoff until it succeeds", async () => {
    sbx = await startTestSandbox({ webhook: { retryBaseMs: 40, maxAttempts: 4 } });
    const { url, received } = await startReceiver([500, 503]);
    await setWebhook(url);
    await sbx.createOrder();
    await waitFor(() => received.length === 3);
    expect(new Set(received.map((r) => r.raw)).size).toBe(1);
    const [a, b, c] = received.map((r) => r.at) as [number, number, number];
    expect(b - a).toBeGreaterThanOrEqual(35);
    expect(c - b).toBeGreaterThanOrEqual(75);
    // Done after the success: no retry waits, so the receiver has everything it will get.
    const view = await settled();
    expect(view.deliveries.map((d) => [d.attempt, d.status])).toEqual([
      [1, 500],
      [2, 503],
      [3, 204],
    ]);
    expect(received).toHaveLength(3);
  });

  it("gives up after maxAttempts, records network errors, and stops after DELETE", async () => {
    sbx = await startTestSandbox({ webhook: { retryBaseMs: 10, maxAttempts: 3 } });
    const { url, received } = await startReceiver([500, 500, 500, 500, 500]);
    await setWebhook(url);
    await sbx.createOrder();
    // Given up after the third attempt: nothing waits to retry.
    expect((await settled()).deliveries).toHaveLength(3);
    expect(received).toHaveLength(3);

    await setWebhook("http://127.0.0.1:9/unreachable");
    await sbx.createOrder();
    const merchantId = sbx.merchants[0]!.merchantId;
    const failures = (await settled()).deliveries.filter((d) => d.error);
    expect(failures).toHaveLength(3);

    expect((await sbx.call("DELETE", `/control/merchants/${merchantId}/webhook`)).status).toBe(204);
    await setWebhook(url, sbx.merchants[1]!.merchantId);
    await sbx.createOrder();
    // The order is created within the call, and a push would start with it: none did.
    expect((await webhookView(merchantId)).pending).toBe(0);
    expect((await settled(sbx.merchants[1]!.merchantId)).deliveries).toHaveLength(0);
    expect(received).toHaveLength(3);
  });

  it("duplicateEvents pushes each event twice; bad URLs are 400 and unknown merchants 404", async () => {
    sbx = await startTestSandbox({ webhook: { retryBaseMs: 10, maxAttempts: 2 } });
    const { url, received } = await startReceiver();
    await setWebhook(url);
    await sbx.call("PUT", "/control/faults", { body: { duplicateEvents: true } });
    await sbx.createOrder();
    await waitFor(() => received.length === 2);
    expect(received[0]!.raw).toBe(received[1]!.raw);

    const bad = await setWebhook("ftp://example.com");
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { title: string }).title).toContain("url");
    expect((await setWebhook(url, crypto.randomUUID())).status).toBe(404);
  });
});
