import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createSandbox, type Sandbox } from "./index";
import { getSandboxHost } from "./platforms";
import { newDataDir, startTestSandbox, type TestSandbox } from "../../e2e/support/sandbox/harness";
import { FRIDAY_8PM } from "../../e2e/support/sandbox/store-kit";

const running: TestSandbox[] = [];
const start = async (...args: Parameters<typeof startTestSandbox>) => {
  const sbx = await startTestSandbox(...args);
  running.push(sbx);
  return sbx;
};
afterEach(async () => {
  for (const sbx of running.splice(0)) await sbx.close();
});

describe("snapshot", () => {
  it("a new instance on the same data folder keeps orders, unacknowledged events, credentials and tokens", async () => {
    const first = await start();
    const merchant = first.merchants[0]!;
    const token = await first.token();
    const confirmed = await first.createOrder();
    const pending = await first.createOrder();
    await first.call("POST", `/v1/orders/${confirmed}/confirm`, { token });
    const polled = (await (await first.call("GET", "/v1/events:polling", { token })).json()) as {
      eventId: string;
      orderId: string;
      eventType: string;
    }[];
    const firstCreated = polled.find((e) => e.orderId === confirmed && e.eventType === "CREATED")!;
    await first.call("POST", "/v1/events/acknowledgment", {
      token,
      body: [{ id: firstCreated.eventId, orderId: confirmed, eventType: "CREATED" }],
    });
    await first.close({ keepData: true });

    const second = await start({ dataDir: first.dataDir });
    expect(second.merchants[0]!.interchange).toEqual(merchant.interchange);
    // Issued tokens survive too: a client's cached token keeps working across a platform restart.
    const response = await second.call("GET", "/v1/events:polling", { token });
    expect(response.status).toBe(200);
    const events = (await response.json()) as { eventId: string; orderId: string; eventType: string }[];
    expect(events.map((e) => e.eventId)).toEqual(
      polled.filter((e) => e.eventId !== firstCreated.eventId).map((e) => e.eventId),
    );
    expect(events.map((e) => [e.orderId, e.eventType])).toEqual([
      [pending, "CREATED"],
      [confirmed, "CONFIRMED"],
    ]);
    const state = (await (await second.call("GET", `/control/orders/${confirmed}`)).json()) as { status: string };
    expect(state.status).toBe("CONFIRMED");
    expect((await second.call("POST", `/v1/orders/${confirmed}/confirm`, { token })).status).toBe(422);
    expect((await second.call("GET", `/v1/orders/${pending}`, { token })).status).toBe(200);
  });

  it("writes within the debounce window by atomic rename, leaving no temp file", async () => {
    const sbx = await start();
    const orderId = await sbx.createOrder();
    const file = path.join(sbx.dataDir, "snapshot.json");
    type Saved = { version: number; orders: { order: { id: string } }[] };
    const read = () => (existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as Saved) : undefined);
    const hasOrder = () => read()?.orders.some((o) => o.order.id === orderId) === true;
    // Not written synchronously with the change (that is the debounce)...
    expect(hasOrder()).toBe(false);
    // ...but soon after, without any stop or flush.
    await expect.poll(hasOrder, { timeout: 3_000, interval: 20 }).toBe(true);
    expect(read()?.version).toBe(1);
    expect(readdirSync(sbx.dataDir)).toEqual(["snapshot.json"]);
  });

  it("an unreadable snapshot is moved aside and the sandbox starts clean", async () => {
    const dataDir = newDataDir();
    writeFileSync(path.join(dataDir, "snapshot.json"), "{ truncated");
    const sbx = await start({ dataDir });
    expect(sbx.merchants).toHaveLength(2);
    expect(readdirSync(dataDir).some((name) => name.startsWith("snapshot.json.unreadable-"))).toBe(true);
    expect((await sbx.call("GET", "/v1/events:polling", { token: await sbx.token() })).status).toBe(204);
  });
});

describe("simulator", () => {
  // Its interval runs on a fake clock: the tests move time instead of waiting for it. The sandbox
  // is used in process (no HTTP server), so nothing else depends on real timers meanwhile.
  const sandboxes: Sandbox[] = [];
  const simulating = (simulatorIntervalSeconds: number) => {
    // On a Friday evening, when the seed's stores take orders (at 4 a.m. they would not).
    const sandbox = createSandbox({
      dataDir: newDataDir(),
      basePath: "",
      simulatorIntervalSeconds,
      seed: 11,
      now: () => FRIDAY_8PM,
    });
    sandboxes.push(sandbox);
    return sandbox;
  };
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "setTimeout", "clearTimeout"] });
  });
  afterEach(() => {
    for (const sandbox of sandboxes.splice(0)) {
      sandbox.stop();
      rmSync(sandbox.options.dataDir, { recursive: true, force: true });
    }
    vi.useRealTimers();
  });

  it("creates orders on its interval, each with a CREATED event, and stops with the sandbox", () => {
    const sandbox = simulating(10);
    const { orders, events } = sandbox.platform.state;
    vi.advanceTimersByTime(9_999);
    expect(orders.size).toBe(0);
    vi.advanceTimersByTime(1 + 2 * 10_000);
    expect(orders.size).toBe(3);
    expect(events.filter((e) => e.eventType === "CREATED")).toHaveLength(3);
    sandbox.stop();
    vi.advanceTimersByTime(10 * 10_000);
    expect(orders.size).toBe(3);
  });

  it("is off when the interval is 0", () => {
    const sandbox = simulating(0);
    vi.advanceTimersByTime(3_600_000);
    expect(sandbox.platform.state.orders.size).toBe(0);
  });
});

describe("getSandboxHost", () => {
  it("returns one instance per process until it is stopped", () => {
    const dataDir = newDataDir();
    try {
      const first = getSandboxHost({ dataDir, basePath: "/sandbox", simulatorIntervalSeconds: 0 });
      const again = getSandboxHost({
        dataDir: path.join(dataDir, "never-created"),
        basePath: "/other",
        simulatorIntervalSeconds: 0,
      });
      expect(again).toBe(first);
      expect(again.sandboxes[0]!.options.basePath).toBe("/sandbox");
      expect(existsSync(path.join(dataDir, "never-created"))).toBe(false);
      first.stop();
      const fresh = getSandboxHost({ dataDir, basePath: "/sandbox", simulatorIntervalSeconds: 0 });
      expect(fresh).not.toBe(first);
      // Both were on one folder: the second sees the first's merchants.
      expect(fresh.sandboxes[0]!.platform.state.merchants).toEqual(first.sandboxes[0]!.platform.state.merchants);
      fresh.stop();
      expect(existsSync(path.join(dataDir, "snapshot.json"))).toBe(true);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("createSandbox instances are independent", () => {
    const a = createSandbox({ dataDir: newDataDir(), basePath: "", simulatorIntervalSeconds: 0 });
    const b = createSandbox({ dataDir: newDataDir(), basePath: "", simulatorIntervalSeconds: 0 });
    try {
      expect(a).not.toBe(b);
      expect(a.platform.state.merchants[0]!.interchange.clientSecret).not.toBe(
        b.platform.state.merchants[0]!.interchange.clientSecret,
      );
    } finally {
      a.stop();
      b.stop();
      rmSync(a.options.dataDir, { recursive: true, force: true });
      rmSync(b.options.dataDir, { recursive: true, force: true });
    }
  });
});
