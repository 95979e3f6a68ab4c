import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { adminToken, refreshGrant, requestToken, serviceHeaders } from "../../e2e/support/sandbox/service";
import { startTestSandbox, type TestSandbox } from "../../e2e/support/sandbox/harness";

// What part A of issue 3 added to the snapshot (admin and store credentials, customers, refresh
// tokens, webhook, clock offset, lifecycle stage) survives a restart, and a snapshot written by
// the walking skeleton's sandbox still loads.

const running: TestSandbox[] = [];
const start = async (...args: Parameters<typeof startTestSandbox>) => {
  const sbx = await startTestSandbox(...args);
  running.push(sbx);
  return sbx;
};
afterEach(async () => {
  for (const sbx of running.splice(0)) await sbx.close();
});

describe("snapshot, issue 3", () => {
  it("keeps credentials, customers, refresh tokens, the webhook and order stages across a restart", async () => {
    const first = await start();
    const merchant = first.merchants[0]!;
    const { refresh_token: refresh } = await adminToken(first, merchant);
    await first.control("PUT", `/control/merchants/${merchant.merchantId}/webhook`, { url: "http://127.0.0.1:9/hook" });
    const token = await first.token();
    const orderId = await first.createOrder({ type: "DELIVERY" });
    await first.call("POST", `/v1/orders/${orderId}/confirm`, { token });
    await first.call("POST", `/v1/orders/${orderId}/readyForPickup`, { token });
    const merchantsBefore = await first.control("GET", "/control/merchants");
    await first.close({ keepData: true });

    const second = await start({ dataDir: first.dataDir });
    expect(await second.control("GET", "/control/merchants")).toEqual(merchantsBefore);
    const renewed = await requestToken(
      second,
      "admin",
      refreshGrant(merchant, "admin", refresh!),
      serviceHeaders(merchant, "admin"),
    );
    expect(renewed.status).toBe(200);
    expect(await second.control("GET", `/control/merchants/${merchant.merchantId}/webhook`)).toMatchObject({
      url: "http://127.0.0.1:9/hook",
    });
    expect(await second.control("GET", `/control/orders/${orderId}`)).toMatchObject({
      stage: "READY",
      status: "CONFIRMED",
    });
    expect((await second.call("POST", `/v1/orders/${orderId}/readyForPickup`, { token })).status).toBe(422);
  });

  it("loads a walking-skeleton snapshot: merchants gain admin/store credentials, orders a stage", async () => {
    const first = await start();
    const token = await first.token();
    const orderId = await first.createOrder({ type: "TAKEOUT" });
    await first.call("POST", `/v1/orders/${orderId}/confirm`, { token });
    await first.close({ keepData: true });

    const file = path.join(first.dataDir, "snapshot.json");
    const old = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown> & {
      merchants: Record<string, unknown>[];
      orders: Record<string, unknown>[];
    };
    for (const m of old.merchants) for (const key of ["admin", "store", "customers", "webhook"]) delete m[key];
    for (const o of old.orders) delete o.stage;
    delete old.refreshTokens;
    delete old.clockOffsetMs;
    writeFileSync(file, JSON.stringify(old));

    const second = await start({ dataDir: first.dataDir });
    const merchants = await second.control<
      { interchange: unknown; admin: { username: string }; customers: unknown[] }[]
    >("GET", "/control/merchants");
    expect(merchants[0]!.interchange).toEqual(first.merchants[0]!.interchange);
    expect(merchants[0]!.admin.username).toEqual(expect.any(String));
    expect(merchants[0]!.customers.length).toBeGreaterThan(0);
    expect(await second.control("GET", `/control/orders/${orderId}`)).toMatchObject({
      stage: "CONFIRMED",
      status: "CONFIRMED",
    });
    expect((await second.call("POST", `/v1/orders/${orderId}/readyForPickup`, { token })).status).toBe(202);
    expect((await adminToken(second, second.merchants[0]!)).access_token).toEqual(expect.any(String));
  });
});
