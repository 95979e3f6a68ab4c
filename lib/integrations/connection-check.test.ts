import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  freePort,
  startSandboxProcess,
  type SandboxMerchant,
  type SandboxProcess,
} from "@/e2e/support/sandbox-process";
import { sandboxChannelConfig } from "@/e2e/support/store-connection";
import type { CheckResult } from "@/lib/contract/manager";
import { checkConnection, type ConnectionSettings } from "./connection-check";

describe("test connection against a sandbox process over HTTP", () => {
  let sandbox: SandboxProcess;
  let merchant: SandboxMerchant;
  let good: ConnectionSettings;

  beforeAll(async () => {
    sandbox = await startSandboxProcess();
    [merchant] = (await sandbox.control<SandboxMerchant[]>("GET", "/control/merchants")) as [SandboxMerchant];
    good = sandboxChannelConfig(sandbox, merchant);
  });
  afterAll(async () => sandbox?.stop());
  afterEach(async () => sandbox.control("DELETE", "/control/faults"));

  const byCheck = (results: CheckResult[]) => Object.fromEntries(results.map((result) => [result.check, result]));

  it("passes every check with the right settings, and acknowledges nothing", async () => {
    const { orderId } = await sandbox.control<{ orderId: string }>("POST", "/control/orders", {
      merchantId: merchant.merchantId,
    });
    const results = byCheck(await checkConnection(good, 5_000));
    expect(Object.values(results).map((result) => `${result.check}:${result.outcome}`)).toEqual([
      "token:ok",
      "polling:ok",
      "admin:ok",
      "storeApi:ok",
    ]);
    expect(results.polling?.pending).toBeGreaterThanOrEqual(1);
    const view = await sandbox.control<{ events: Array<{ acknowledged: boolean }> }>(
      "GET",
      `/control/orders/${orderId}`,
    );
    expect(view.events.map((event) => event.acknowledged)).toEqual([false]);
    // The poll named no eventType: a filtered poll would have acknowledged the rest on our behalf.
    const log = await sandbox.control<Array<{ path: string; query: string }>>(
      "GET",
      "/control/requests?path=events:polling",
    );
    expect(log.at(-1)?.query ?? "").not.toContain("eventType");
  });

  it("says the platform refused the credentials when the secret is wrong", async () => {
    const results = byCheck(await checkConnection({ ...good, clientSecret: "wrong-secret" }, 5_000));
    expect(results.token).toMatchObject({ outcome: "failed", problem: { code: "badCredentials", status: 401 } });
    expect(results.polling).toMatchObject({ outcome: "skipped", problem: { code: "needsToken" } });
    // The other APIs have their own credentials, still right.
    expect(results.admin?.outcome).toBe("ok");
  });

  it("says nothing answers when the port is closed", async () => {
    const closed = `http://127.0.0.1:${await freePort()}`;
    const results = byCheck(await checkConnection({ ...good, baseUrl: closed }, 5_000));
    expect(results.token).toMatchObject({
      outcome: "failed",
      problem: { code: "unreachable", reason: "ECONNREFUSED", host: new URL(closed).host },
    });
    expect(results.admin).toMatchObject({ outcome: "failed", problem: { code: "unreachable" } });
  });

  it("says the platform is failing when polling answers 503", async () => {
    await sandbox.control("PUT", "/control/faults", {
      rules: [{ route: "GET /v1/events:polling", errorRate: 1, errorStatus: 503 }],
    });
    const results = byCheck(await checkConnection(good, 5_000));
    expect(results.token?.outcome).toBe("ok");
    expect(results.polling).toMatchObject({ outcome: "failed", problem: { code: "serverError", status: 503 } });
  });

  it("says when the platform does not answer in time", async () => {
    await sandbox.control("PUT", "/control/faults", { rules: [{ route: "GET /v1/events:polling", latencyMs: 2_000 }] });
    const results = byCheck(await checkConnection(good, 500));
    expect(results.polling).toMatchObject({ outcome: "failed", problem: { code: "timeout", timeoutSeconds: 0.5 } });
  });

  it("names the admin API's own failures: login, service id", async () => {
    const badLogin = byCheck(
      await checkConnection({ ...good, admin: { ...merchant.admin, password: "wrong" } }, 5_000),
    );
    expect(badLogin.admin).toMatchObject({ outcome: "failed", problem: { code: "badLogin", status: 400 } });
    const unknown = byCheck(await checkConnection({ ...good, serviceId: "no-such-store" }, 5_000));
    expect(unknown.admin).toMatchObject({ outcome: "failed", problem: { code: "unknownService", status: 404 } });
    const none = byCheck(await checkConnection({ ...good, admin: null, storeApi: null }, 5_000));
    expect([none.admin?.outcome, none.storeApi?.outcome]).toEqual(["skipped", "skipped"]);
  });
});

describe("test connection on a platform that speaks Open Delivery 2.0", () => {
  let sandbox: SandboxProcess;
  let settings: ConnectionSettings;

  beforeAll(async () => {
    sandbox = await startSandboxProcess({ openDelivery: "2.0" });
    const [merchant] = (await sandbox.control<SandboxMerchant[]>("GET", "/control/merchants")) as [SandboxMerchant];
    settings = sandboxChannelConfig(sandbox, merchant);
    await sandbox.control("POST", "/control/orders", { merchantId: merchant.merchantId });
  });
  afterAll(async () => sandbox?.stop());

  const outcomes = (results: CheckResult[]) => results.map((result) => `${result.check}:${result.outcome}`);

  it("asks for the token and polls in 2.0 when the connection speaks it", async () => {
    const results = await checkConnection(settings, 5_000, "2.0");
    expect(outcomes(results).slice(0, 2)).toEqual(["token:ok", "polling:ok"]);
    expect(results.find((result) => result.check === "polling")?.pending).toBeGreaterThanOrEqual(1);
  });

  it("fails the 1.x poll there: the platform serves 2.0's event routes instead of 1.x's", async () => {
    expect(outcomes(await checkConnection(settings, 5_000, "1.x")).slice(0, 2)).toEqual(["token:ok", "polling:failed"]);
  });
});
