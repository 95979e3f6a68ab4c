import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  startSandboxProcess,
  type LoggedRequest,
  type SandboxMerchant,
  type SandboxProcess,
} from "@/e2e/support/sandbox-process";
import { InterchangeClient } from "./client";
import { PlatformError } from "@/lib/platform/errors";
import { parseOrderDetails } from "@/lib/platform/interchange/order-summary";

describe("interchange client against the sandbox over HTTP", () => {
  let sandbox: SandboxProcess;
  let merchant: SandboxMerchant;

  beforeAll(async () => {
    sandbox = await startSandboxProcess();
    [merchant] = (await sandbox.control<SandboxMerchant[]>("GET", "/control/merchants")) as [SandboxMerchant];
  });
  afterAll(async () => sandbox?.stop());

  const clientFor = (overrides: Partial<ConstructorParameters<typeof InterchangeClient>[0]> = {}) =>
    new InterchangeClient({
      baseUrl: sandbox.url,
      clientId: merchant.interchange.clientId,
      clientSecret: merchant.interchange.clientSecret,
      timeoutMs: 5_000,
      ...overrides,
    });

  const requests = (path: string) =>
    sandbox.control<LoggedRequest[]>("GET", `/control/requests?path=${encodeURIComponent(path)}`);

  it("reuses one token across calls instead of asking for a new one each time", async () => {
    const before = (await requests("/oauth/token")).length;
    const client = clientFor();
    await Promise.all([client.pollEvents([merchant.merchantId]), client.pollEvents([merchant.merchantId])]);
    await client.pollEvents([merchant.merchantId]);
    expect((await requests("/oauth/token")).length - before).toBe(1);
  });

  it("reads an order's details into a summary, and follows no orderURL to another host", async () => {
    const { orderId } = await sandbox.control<{ orderId: string }>("POST", "/control/orders", {
      merchantId: merchant.merchantId,
      type: "DELIVERY",
      paymentMethod: "CASH",
    });
    const raw = await clientFor().getOrder(orderId, `http://attacker.invalid/v1/orders/${orderId}`);
    const parsed = parseOrderDetails(raw);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.summary.type).toBe("DELIVERY");
    expect(parsed.summary.total?.currency).toBe("BRL");
    expect(parsed.summary.itemCount).toBeGreaterThan(0);
    const logged = await requests(`/v1/orders/${orderId}`);
    expect(logged.some((request) => request.method === "GET" && request.status === 200)).toBe(true);
  });

  it("keeps the courier's pickup code of an order the platform delivers, and none for the store's own", async () => {
    const seen = { platform: 0, store: 0 };
    // The sandbox has the platform deliver about 3 orders in 10: place until both kinds were read.
    for (let attempt = 0; attempt < 40 && (seen.platform === 0 || seen.store === 0); attempt++) {
      const { orderId } = await sandbox.control<{ orderId: string }>("POST", "/control/orders", {
        merchantId: merchant.merchantId,
        type: "DELIVERY",
        paymentMethod: "CASH",
      });
      const raw = (await clientFor().getOrder(orderId)) as { delivery?: { pickupCode?: string } };
      const parsed = parseOrderDetails(raw);
      if (!parsed.ok) throw new Error(parsed.error);
      const code = raw.delivery?.pickupCode;
      if (code) seen.platform++;
      else seen.store++;
      expect(parsed.summary.pickupCode).toBe(code ?? null);
    }
    expect(seen.platform).toBeGreaterThan(0);
    expect(seen.store).toBeGreaterThan(0);
  });

  it("fails with a PlatformError naming the status for wrong credentials", async () => {
    const error = await clientFor({ clientSecret: "wrong" })
      .pollEvents([merchant.merchantId])
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PlatformError);
    expect((error as PlatformError).status).toBe(401);
    expect((error as PlatformError).transient).toBe(false);
  });

  it("reports no answer (status undefined, transient) when the platform is unreachable", async () => {
    const error = await clientFor({ baseUrl: "http://127.0.0.1:9" })
      .pollEvents([merchant.merchantId])
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PlatformError);
    expect((error as PlatformError).status).toBeUndefined();
    expect((error as PlatformError).transient).toBe(true);
  });
});
