import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from "@/e2e/support/database";
import {
  startSandboxProcess,
  type LoggedRequest,
  type SandboxMerchant,
  type SandboxProcess,
} from "@/e2e/support/sandbox-process";
import { sandboxChannelConfig } from "@/e2e/support/store-connection";
import { orders } from "@/lib/db/schema";
import { V2_ORIGINAL_KEY } from "@/lib/platform/v2/to-comanda";
import { saveChannelConfig } from "@/lib/stores/config";
import { loadEnabledConnections } from "@/lib/stores/connections";
import { openConnection } from "./connect";
import { FIRST_READ_PAUSES_MS, forgetDiscovery, rememberedDiscovery } from "./discovery";

// Issue 29: a new connection to a 2.0 platform has no recorded dialect until its manifest is read.
// Its first poll went out in 1.x while that read was in flight (the client's dialect was still
// unknown); it now waits for the first read, so even the first round speaks 2.0. A connection
// with a recorded dialect does not wait (it runs on what the last read decided).
//
// A manifest that did not answer at start (the platform starting, or loaded) gave the connection
// 1.x's benefit at once: a 2.0 platform was polled on 1.x paths (404s) until the minute's refresh.
// The first read is now tried again while the manifest does not answer, a bounded number of times.
// (The sandbox's 2.0 mode needs none of the official documents: these tests run without them.)

const MANIFEST = "GET /.well-known/opendelivery";
const manifestFails = { rules: [{ route: MANIFEST, errorRate: 1, errorStatus: 503 }] };

async function newConnection(database: TestDatabase, sandbox: SandboxProcess, merchant: SandboxMerchant) {
  await saveChannelConfig(database.db, sandboxChannelConfig(sandbox, merchant), "sandbox");
  const entry = (await loadEnabledConnections(database.db)).find((candidate) =>
    candidate.channels.some((channel) => channel.id === merchant.merchantId),
  )!;
  expect(rememberedDiscovery(entry.connection.id)).toBeUndefined();
  return entry;
}

describe("a new connection to a 2.0 platform, its first poll", () => {
  let sandbox: SandboxProcess;
  let merchant: SandboxMerchant;
  let database: TestDatabase;
  let connectionId = "";

  beforeAll(async () => {
    sandbox = await startSandboxProcess({ openDelivery: "2.0" });
    [merchant] = (await sandbox.control<SandboxMerchant[]>("GET", "/control/merchants")) as [SandboxMerchant];
    database = await createTestDatabase(testDatabaseKinds[0]!);
  });
  afterAll(async () => {
    if (connectionId) await forgetDiscovery(database.db, connectionId).catch(() => undefined);
    await database?.destroy();
    await sandbox?.stop();
  });

  it("waits for the manifest's first read and polls in 2.0, never 1.x", async () => {
    const { orderId } = await sandbox.control<{ orderId: string }>("POST", "/control/orders", {
      merchantId: merchant.merchantId,
      type: "DELIVERY",
    });
    const entry = await newConnection(database, sandbox, merchant);
    connectionId = entry.connection.id;

    // As the app's start does, then the poll the lease would start at once.
    const { poller } = openConnection(database.db, entry, { leased: false, timeoutMs: 5_000 });
    const result = await poller.pollOnce();

    expect(rememberedDiscovery(connectionId)).toMatchObject({ state: "read", dialect: "2.0" });
    const polls = await sandbox.control<LoggedRequest[]>("GET", "/control/requests?path=events:polling");
    expect(polls.map((poll) => poll.path)).toEqual(["/v2/events:polling"]);
    expect(result).toMatchObject({ stored: 1 });
    const [row] = await database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(row?.details as Record<string, unknown>).toHaveProperty(V2_ORIGINAL_KEY);
  });
});

describe("a new connection whose platform's manifest does not answer at first", () => {
  let database: TestDatabase;
  const sandboxes: SandboxProcess[] = [];
  const connectionIds: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(testDatabaseKinds[0]!);
  });
  afterAll(async () => {
    for (const id of connectionIds) await forgetDiscovery(database.db, id).catch(() => undefined);
    await database?.destroy();
    await Promise.all(sandboxes.map((sandbox) => sandbox.stop()));
  });

  async function platform(openDelivery: "1.7" | "2.0") {
    const sandbox = await startSandboxProcess({ openDelivery });
    sandboxes.push(sandbox);
    const [merchant] = (await sandbox.control<SandboxMerchant[]>("GET", "/control/merchants")) as [SandboxMerchant];
    const { orderId } = await sandbox.control<{ orderId: string }>("POST", "/control/orders", {
      merchantId: merchant.merchantId,
      type: "DELIVERY",
    });
    await sandbox.control("PUT", "/control/faults", manifestFails);
    const entry = await newConnection(database, sandbox, merchant);
    connectionIds.push(entry.connection.id);
    const polls = () => sandbox.control<LoggedRequest[]>("GET", "/control/requests?path=events:polling");
    return { sandbox, entry, orderId, polls };
  }

  it("2.0: the first poll waits until the manifest answers, and speaks 2.0", async () => {
    const { sandbox, entry, polls } = await platform("2.0");
    const pauses: number[] = [];
    // The platform comes up during the first pause: its manifest answers the next read.
    const firstReadPause = async (attempt: number) => {
      pauses.push(attempt);
      expect(rememberedDiscovery(entry.connection.id)).toMatchObject({ state: "unreachable", readAt: null });
      await sandbox.control("DELETE", "/control/faults");
    };
    const { poller } = openConnection(database.db, entry, { leased: false, timeoutMs: 5_000, firstReadPause });

    const result = await poller.pollOnce();

    expect(pauses).toEqual([0]);
    expect(rememberedDiscovery(entry.connection.id)).toMatchObject({ state: "read", dialect: "2.0" });
    expect((await polls()).map((poll) => poll.path)).toEqual(["/v2/events:polling"]);
    expect(result).toMatchObject({ stored: 1 });
  });

  it("1.x: a manifest that never answers leaves the connection on 1.x after the last try, and it is polled", async () => {
    const { entry, orderId, polls } = await platform("1.7");
    const pauses: number[] = [];
    const firstReadPause = async (attempt: number) => void pauses.push(attempt);
    const { poller } = openConnection(database.db, entry, { leased: false, timeoutMs: 5_000, firstReadPause });

    const result = await poller.pollOnce();

    expect(pauses).toEqual(FIRST_READ_PAUSES_MS.map((_, attempt) => attempt));
    expect(rememberedDiscovery(entry.connection.id)).toMatchObject({ state: "unreachable", dialect: "1.x" });
    expect((await polls()).map((poll) => poll.path)).toEqual(["/v1/events:polling"]);
    expect(result).toMatchObject({ stored: 1 });
    const [row] = await database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(row?.id).toBe(orderId);
  });

  it("stopping does not wait for the manifest, and a poller stopped meanwhile polls nothing", async () => {
    const { sandbox, entry, polls } = await platform("2.0");
    // The first pause is held for the whole test: the manifest is still being waited for.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let pausedNow = () => {};
    const paused = new Promise<void>((resolve) => (pausedNow = resolve));
    const firstReadPause = () => (pausedNow(), held);
    const { poller } = openConnection(database.db, entry, { leased: false, timeoutMs: 5_000, firstReadPause });
    poller.start();
    await paused;

    await poller.stop();

    expect(poller.running).toBe(false);
    expect(await polls()).toEqual([]);
    // The reads go on in the background (bounded); the platform answers the next one.
    await sandbox.control("DELETE", "/control/faults");
    release();
    await expect.poll(() => rememberedDiscovery(entry.connection.id)?.state).toBe("read");
  });
});
