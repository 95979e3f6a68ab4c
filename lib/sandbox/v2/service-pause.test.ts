import { afterEach, expect, it } from "vitest";
import { startTestSandbox, type TestSandbox } from "@/e2e/support/sandbox/harness";
import { describeAgainstV2, v2Client } from "@/e2e/support/sandbox/v2-client";

// 2.0's pause per service on a 2.0 platform (pauseService, updateService): a paused TAKEOUT takes
// no takeout order while deliveries go on; it ends by itself at pauseUntil on the platform's
// clock, or early with status OPEN. Requests and answers checked against the merchant document.

let sbx: TestSandbox | undefined;
afterEach(async () => {
  await sbx?.close();
  sbx = undefined;
});

describeAgainstV2("a 2.0 platform's pause per service", () => {
  it("refuses orders of the paused service only, until pauseUntil or an early OPEN", async () => {
    sbx = await startTestSandbox({ openDelivery: "2.0", seed: 31 });
    const client = v2Client(sbx);
    const merchant = sbx.merchants[0]!;
    const token = await client.token(
      { clientId: merchant.interchange.clientId, clientSecret: merchant.interchange.clientSecret },
      "od.menu",
    );
    const params = { merchantId: merchant.merchantId, serviceType: "TAKEOUT" };
    const order = (type: string) =>
      sbx!.call("POST", "/control/orders", { body: { merchantId: merchant.merchantId, type } });
    const pauseTakeout = () =>
      client.call("POST", "/merchants/{merchantId}/services/{serviceType}/pause", {
        token,
        params,
        body: { durationMinutes: 30, reason: "Alta demanda" },
      });

    expect((await pauseTakeout()).status).toBe(202);
    const refused = await order("TAKEOUT");
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { title: string }).title).toMatch(/TAKEOUT service is paused until/);
    expect((await order("DELIVERY")).status).toBe(201);
    // It resumes by itself at pauseUntil (the platform's clock).
    await sbx.control("POST", "/control/clock", { advanceSeconds: 30 * 60 });
    expect((await order("TAKEOUT")).status).toBe(201);
    // Paused again, then opened early.
    await pauseTakeout();
    expect((await order("TAKEOUT")).status).toBe(409);
    const open = await client.call("PATCH", "/merchants/{merchantId}/services/{serviceType}", {
      token,
      params,
      body: { status: "OPEN" },
    });
    expect(open.status).toBe(202);
    expect((await order("TAKEOUT")).status).toBe(201);
    // A service 2.0 does not have, a pause of no length.
    const base = `/v2/merchants/${merchant.merchantId}/services`;
    expect((await sbx.call("POST", `${base}/DRIVE_THRU/pause`, { token, body: { durationMinutes: 5 } })).status).toBe(
      404,
    );
    expect((await sbx.call("POST", `${base}/TAKEOUT/pause`, { token, body: { durationMinutes: 0 } })).status).toBe(400);
  });
});
