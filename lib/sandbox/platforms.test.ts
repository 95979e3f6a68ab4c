import { randomUUID } from "node:crypto";
import { rmSync } from "node:fs";
import { afterEach, describe, expect, it, vi } from "vitest";
import { newDataDir, startTestSandboxHost, type TestSandboxHost } from "../../e2e/support/sandbox/harness";
import { startWebhookReceiver } from "../../e2e/support/sandbox/webhook-receiver";
import { createSandboxHost, type PlatformEntry, type SandboxHost } from "./platforms";

// Two platforms in one process, over real HTTP: each its own name, merchants, credentials, orders,
// faults, request log, clock and simulator (issue 28).

const running: TestSandboxHost[] = [];
async function twoPlatforms() {
  const started = await startTestSandboxHost({ platforms: 2 });
  running.push(started);
  const [a, b] = started.platforms as [(typeof started.platforms)[0], (typeof started.platforms)[0]];
  return { ...started, a, b };
}
afterEach(async () => {
  for (const started of running.splice(0)) await started.close();
});

type ControlMerchant = { merchantId: string; name: string; interchange: { clientId: string; clientSecret: string } };
type ControlOrder = { order: { id: string; merchant: { id: string }; salesChannel: string }; stage: string };

describe("a sandbox hosting two platforms", () => {
  it("lists them at /control/platforms: names, base paths, control paths, application ids", async () => {
    const { origin } = await twoPlatforms();
    const listed = (await (await fetch(`${origin}/control/platforms`)).json()) as PlatformEntry[];
    expect(listed.map(({ name, basePath, controlPath }) => ({ name, basePath, controlPath }))).toEqual([
      { name: "Plataforma A", basePath: "", controlPath: "/control" },
      { name: "Plataforma B", basePath: "/p2", controlPath: "/p2/control" },
    ]);
    expect(listed[0]!.sourceAppId).not.toBe(listed[1]!.sourceAppId);
  });

  it("gives the same restaurants other merchant ids and other credentials on each platform", async () => {
    const { a, b } = await twoPlatforms();
    const [onA, onB] = await Promise.all([
      a.control<ControlMerchant[]>("GET", "/control/merchants"),
      b.control<ControlMerchant[]>("GET", "/control/merchants"),
    ]);
    expect(onB.map((m) => m.name)).toEqual(onA.map((m) => m.name));
    const idsOnA = new Set(onA.map((m) => m.merchantId));
    expect(onB.filter((m) => idsOnA.has(m.merchantId))).toEqual([]);

    // Platform A's credentials get no token from B, and A's token is refused by B.
    const tokenOnA = await a.token();
    expect(await a.poll(tokenOnA)).toMatchObject({ status: 204 });
    expect(await b.poll(tokenOnA)).toMatchObject({ status: 401 });
    await expect(b.token(a.merchants[0]!)).rejects.toThrow(/HTTP 401/);
    expect(await b.poll(await b.token())).toMatchObject({ status: 204 });
  });

  it("keeps two orders with the same id apart: each platform's own merchant, name and lifecycle", async () => {
    const { a, b } = await twoPlatforms();
    const orderId = randomUUID();
    expect(await a.createOrder({ orderId })).toBe(orderId);
    expect(await b.createOrder({ orderId })).toBe(orderId);
    // Within one platform an id is unique.
    const again = await a.call("POST", "/control/orders", {
      body: { merchantId: a.merchants[0]!.merchantId, orderId },
    });
    expect(again.status).toBe(409);

    const [tokenA, tokenB] = await Promise.all([a.token(), b.token()]);
    const polledA = await a.poll(tokenA);
    const polledB = await b.poll(tokenB);
    expect(polledA.events.map((e) => [e.orderId, e.eventType])).toEqual([[orderId, "CREATED"]]);
    expect(polledB.events.map((e) => [e.orderId, e.eventType])).toEqual([[orderId, "CREATED"]]);
    expect(polledA.events[0]!.sourceAppId).not.toBe(polledB.events[0]!.sourceAppId);
    expect(polledB.events[0]!.orderURL).toBe(`${b.url}/v1/orders/${orderId}`);

    expect((await a.call("POST", `/v1/orders/${orderId}/confirm`, { token: tokenA })).status).toBe(202);
    const [onA, onB] = await Promise.all([
      a.control<ControlOrder>("GET", `/control/orders/${orderId}`),
      b.control<ControlOrder>("GET", `/control/orders/${orderId}`),
    ]);
    expect([onA.stage, onB.stage]).toEqual(["CONFIRMED", "CREATED"]);
    expect(onA.order.merchant.id).toBe(a.merchants[0]!.merchantId);
    expect(onB.order.merchant.id).toBe(b.merchants[0]!.merchantId);
    expect([onA.order.salesChannel, onB.order.salesChannel]).toEqual(["Plataforma A", "Plataforma B"]);
  });

  it("keeps faults, request logs and clocks per platform: a failing platform leaves the other answering", async () => {
    const { a, b } = await twoPlatforms();
    await b.control("PUT", "/control/faults", { rules: [{ route: "*", errorRate: 1, errorStatus: 503 }] });
    const [tokenA, tokenB] = [await a.token(), await b.call("POST", "/oauth/token")];
    expect(tokenB.status).toBe(503);
    expect(await a.poll(tokenA)).toMatchObject({ status: 204 });

    type Logged = { path: string; status: number };
    const [logA, logB] = await Promise.all([
      a.control<Logged[]>("GET", "/control/requests"),
      b.control<Logged[]>("GET", "/control/requests"),
    ]);
    expect(logA.map((r) => [r.path, r.status])).toEqual([
      ["/oauth/token", 200],
      ["/v1/events:polling", 204],
    ]);
    expect(logB.map((r) => [r.path, r.status])).toEqual([["/oauth/token", 503]]);

    await b.control("POST", "/control/clock", { advanceSeconds: 3600 });
    const [clockA, clockB] = await Promise.all([
      a.control<{ offsetSeconds: number }>("GET", "/control/clock"),
      b.control<{ offsetSeconds: number }>("GET", "/control/clock"),
    ]);
    expect([clockA.offsetSeconds, clockB.offsetSeconds]).toEqual([0, 3600]);
  });

  it("pushes each platform's events to its own merchant's webhook, as that platform", async () => {
    const { a, b } = await twoPlatforms();
    const receiver = await startWebhookReceiver();
    try {
      await a.control("PUT", `/control/merchants/${a.merchants[0]!.merchantId}/webhook`, { url: receiver.url });
      await b.control("PUT", `/control/merchants/${b.merchants[0]!.merchantId}/webhook`, { url: receiver.url });
      const [orderA, orderB] = [await a.createOrder(), await b.createOrder()];
      await expect.poll(() => receiver.received.length, { timeout: 3_000, interval: 10 }).toBe(2);
      const pushes = receiver.received.map((r) => ({
        orderId: (JSON.parse(r.raw) as { orderId: string }).orderId,
        appId: r.headers["x-app-id"],
        merchantId: r.headers["x-app-merchantid"],
      }));
      const listed = (await (await fetch(`${a.url}/control/platforms`)).json()) as PlatformEntry[];
      // Pushes run independently: either may land first.
      expect(pushes).toEqual(
        expect.arrayContaining([
          { orderId: orderA, appId: listed[0]!.sourceAppId, merchantId: a.merchants[0]!.merchantId },
          { orderId: orderB, appId: listed[1]!.sourceAppId, merchantId: b.merchants[0]!.merchantId },
        ]),
      );
    } finally {
      await receiver.close();
    }
  });
});

describe("mounted as npm start mounts it (SANDBOX_PLATFORMS=2: /sandbox and /sandbox/p2)", () => {
  it("routes each path to its platform and lists both at /sandbox/control/platforms", async () => {
    const started = await startTestSandboxHost({ platforms: 2, basePath: "/sandbox" });
    running.push(started);
    const [a, b] = started.platforms;
    expect([a!.url, b!.url]).toEqual([`${started.origin}/sandbox`, `${started.origin}/sandbox/p2`]);
    const listed = await a!.control<PlatformEntry[]>("GET", "/control/platforms");
    expect(listed.map((p) => p.controlPath)).toEqual(["/sandbox/control", "/sandbox/p2/control"]);
    const orderId = await b!.createOrder();
    expect((await b!.control<{ orderId: string }[]>("GET", "/control/orders")).map((o) => o.orderId)).toEqual([
      orderId,
    ]);
    expect(await a!.control("GET", "/control/orders")).toEqual([]);
    // Outside both base paths nothing answers.
    expect((await fetch(`${started.origin}/control/platforms`)).status).toBe(404);
  });
});

describe("each platform's simulator", () => {
  let host: SandboxHost | undefined;
  afterEach(() => {
    host?.stop();
    if (host) rmSync(host.sandboxes[0]!.options.dataDir, { recursive: true, force: true });
    host = undefined;
    vi.useRealTimers();
  });

  it("places orders with its own merchants only, under its own name", () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "setTimeout", "clearTimeout"] });
    host = createSandboxHost({
      platforms: 2,
      dataDir: newDataDir(),
      basePath: "/sandbox",
      simulatorIntervalSeconds: 10,
      openAroundTheClock: true,
      seed: 7,
    });
    vi.advanceTimersByTime(5 * 10_000);
    for (const [i, sandbox] of host.sandboxes.entries()) {
      const { merchants, orders } = sandbox.platform.state;
      const own = new Set(merchants.map((m) => m.merchantId));
      expect(orders.size).toBe(5);
      for (const record of orders.values()) {
        expect(own.has(record.merchantId)).toBe(true);
        expect(record.order.salesChannel).toMatch(new RegExp(`^Plataforma ${"AB"[i]}( Store API)?$`));
      }
    }
    expect(host.sandboxes.map((s) => s.options.basePath)).toEqual(["/sandbox", "/sandbox/p2"]);
  });
});
