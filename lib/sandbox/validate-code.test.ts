import { afterEach, describe, expect, it } from "vitest";
import { startTestSandbox, type TestSandbox } from "../../e2e/support/sandbox/harness";

// 1.7's POST /v1/orders/{orderId}/validateCode?deliveryCode=: synchronous, no event; 200 with the
// DeliveryConfirmationCode for the order's pickup code, 400 whose title says why otherwise.
let sbx: TestSandbox;
afterEach(async () => {
  await sbx?.close();
});

describe("validateCode (1.7)", () => {
  it("answers 200 for the order's pickup code, 400 with a title for a wrong or missing one, and emits no event", async () => {
    sbx = await startTestSandbox();
    const token = await sbx.token();
    const orderId = await sbx.createOrder({ type: "DELIVERY", deliveredBy: "MARKETPLACE" });
    await sbx.drain(token);
    const { order } = await sbx.control<{ order: { delivery: { pickupCode?: string } } }>(
      "GET",
      `/control/orders/${orderId}`,
    );
    const code = order.delivery.pickupCode;
    expect(code).toMatch(/^\d{4}$/);
    const validate = (query: string) => sbx.call("POST", `/v1/orders/${orderId}/validateCode${query}`, { token });

    const right = await validate(`?deliveryCode=${code}`);
    expect(right.status).toBe(200);
    expect(await right.json()).toEqual({ orderId, deliveryCode: code });

    for (const query of ["?deliveryCode=0000", ""]) {
      const wrong = await validate(query);
      expect(wrong.status, query).toBe(400);
      const body = (await wrong.json()) as { title?: string };
      expect(body.title, query).toMatch(/code/i);
    }
    expect(await sbx.drain(token)).toEqual([]);
  });

  it("refuses every code for an order the merchant delivers (it has no pickup code)", async () => {
    sbx = await startTestSandbox();
    const token = await sbx.token();
    const orderId = await sbx.createOrder({ type: "DELIVERY", deliveredBy: "MERCHANT" });
    const answer = await sbx.call("POST", `/v1/orders/${orderId}/validateCode?deliveryCode=1234`, { token });
    expect(answer.status).toBe(400);
  });
});
