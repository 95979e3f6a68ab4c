import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from "@/e2e/support/database";
import { startSandboxProcess, type SandboxMerchant, type SandboxProcess } from "@/e2e/support/sandbox-process";
import { connectTestStore, startSandboxStore, type SandboxStoreFixture } from "@/e2e/support/store-connection";
import type { StatusMessage } from "@/lib/contract/stream";
import { openDatabase, type DatabaseHandle } from "@/lib/db/client";
import { channels, storeRecentErrors } from "@/lib/db/schema";
import { readPollStates } from "@/lib/stores/poll-state";
import { readRecentErrors, recordRecentErrors, RecentErrors } from "./recent-errors";
import { StatusFeed } from "./status-feed";

describe("a store's recent errors, from a poller against the sandbox over HTTP", () => {
  let fixture: SandboxStoreFixture;
  beforeAll(async () => {
    fixture = await startSandboxStore();
  });
  afterAll(async () => fixture?.stop());

  it("names what failed — poll, acknowledgment, order details — newest first, and nothing secret", async () => {
    const { sandbox, store } = fixture;
    const poller = store.connection.poller;
    const merchantId = store.connection.id;
    const fault = (rules: unknown[]) => sandbox.control("PUT", "/control/faults", { rules });
    let malformedOrder = "";
    try {
      await fault([{ route: "GET /v1/events:polling", errorRate: 1, errorStatus: 503 }]);
      await expect(poller.pollOnce()).rejects.toThrow("HTTP 503");

      await fault([{ route: "POST /v1/events/acknowledgment", errorRate: 1, errorStatus: 500 }]);
      await sandbox.control("POST", "/control/orders", { merchantId });
      await expect(poller.pollOnce()).rejects.toThrow("HTTP 500");

      await fault([{ route: "GET /v1/orders/*", malformedRate: 1 }]);
      malformedOrder = (await sandbox.control<{ orderId: string }>("POST", "/control/orders", { merchantId })).orderId;
      await poller.pollOnce();
    } finally {
      await sandbox.control("DELETE", "/control/faults");
    }
    const errors = await poller.errorsOf(merchantId).list();
    expect(errors.map((error) => error.kind)).toEqual(["details", "ack", "poll"]);
    expect(errors[0]?.orderId).toBe(malformedOrder);
    expect(errors[1]?.message).toContain("acknowledgment failed with HTTP 500");
    expect(errors[2]?.message).toContain("HTTP 503");
    expect(JSON.stringify(errors)).not.toContain(store.connection.config.clientSecret);
    expect(poller.status.consecutiveFailures).toBe(0);
    // The channels table agrees (what other instances read): the last poll went through.
    const [row] = await fixture.database.db.select().from(channels).where(eq(channels.id, merchantId));
    expect(row?.consecutiveFailures).toBe(0);
  });
});

describe("recent errors in the database", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase("pglite");
  });
  afterAll(async () => database?.destroy());
  const rowsOf = async (storeId: string) =>
    database.db.select().from(storeRecentErrors).where(eq(storeRecentErrors.storeId, storeId));

  it("keeps only the newest ones, trimmed on insert", async () => {
    const errors = new RecentErrors(database.db, "trimmed", 3);
    for (let i = 1; i <= 5; i++) await errors.add("poll", new Error(`failure ${i}`));
    expect((await errors.list()).map((error) => error.message)).toEqual(["failure 5", "failure 4", "failure 3"]);
    expect(await rowsOf("trimmed")).toHaveLength(3);
    // Another store's errors are its own.
    expect((await readRecentErrors(database.db, ["trimmed", "other"])).get("other")).toBeUndefined();
  });

  it("counts identical consecutive errors in one entry: a long outage adds no rows", async () => {
    const errors = new RecentErrors(database.db, "outage");
    const at = (minute: number) => new Date(Date.UTC(2026, 10, 26, 12, minute));
    for (let minute = 0; minute < 30; minute++) await errors.add("poll", "HTTP 503", undefined, at(minute));
    await errors.add("details", "HTTP 500", "order-1", at(30));
    await errors.add("poll", "HTTP 503", undefined, at(31));
    const listed = await errors.list();
    expect(listed.map(({ kind, count }) => [kind, count])).toEqual([
      ["poll", 1],
      ["details", 1],
      ["poll", 30],
    ]);
    expect(listed[2]).toMatchObject({ since: at(0).toISOString(), at: at(29).toISOString() });
    expect(await rowsOf("outage")).toHaveLength(3);
  });
});

describe.each(testDatabaseKinds)("a failed poll's error for every store of its connection (%s)", (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => database?.destroy());

  it("records, coalesces and trims each store's errors in one call, leaving other stores alone", async () => {
    const storeIds = Array.from({ length: 250 }, (_, index) => `merchant-${index}`);
    const at = (minute: number) => new Date(Date.UTC(2026, 10, 26, 12, minute));
    await recordRecentErrors(database.db, ["elsewhere"], {
      kind: "details",
      error: "HTTP 500",
      orderId: "o-1",
      at: at(0),
    });
    await recordRecentErrors(database.db, storeIds, { kind: "poll", error: "HTTP 503", at: at(1) });
    await recordRecentErrors(database.db, storeIds, { kind: "poll", error: "HTTP 503", at: at(2) });
    let listed = await readRecentErrors(database.db, [...storeIds, "elsewhere"]);
    for (const storeId of storeIds)
      expect(listed.get(storeId)?.map(({ count, since, at }) => [count, since, at])).toEqual([
        [2, at(1).toISOString(), at(2).toISOString()],
      ]);

    for (let minute = 3; minute < 6; minute++)
      await recordRecentErrors(database.db, storeIds, { kind: "ack", error: `failure ${minute}`, at: at(minute) }, 2);
    listed = await readRecentErrors(database.db, [...storeIds, "elsewhere"]);
    for (const storeId of storeIds)
      expect(listed.get(storeId)?.map((error) => error.message)).toEqual(["failure 5", "failure 4"]);
    expect(listed.get("elsewhere")).toEqual([expect.objectContaining({ kind: "details", orderId: "o-1", count: 1 })]);
  });
});

const postgres = !!process.env.TEST_DATABASE_URL;
if (!postgres) console.log("lib/sync/recent-errors.test.ts: two-instance status skipped (set TEST_DATABASE_URL)");

describe.skipIf(!postgres)("two instances on one PostgreSQL", () => {
  let sandbox: SandboxProcess;
  let database: TestDatabase;
  let other: DatabaseHandle;
  beforeAll(async () => {
    [sandbox, database] = await Promise.all([startSandboxProcess(), createTestDatabase("postgres")]);
    other = await openDatabase({ databaseUrl: database.url! });
  });
  afterAll(async () => {
    await other?.close();
    await Promise.all([sandbox?.stop(), database?.destroy()]);
  });

  it("shows on instance B the failures and errors instance A's poller met", async () => {
    const [merchant] = (await sandbox.control<SandboxMerchant[]>("GET", "/control/merchants")) as [SandboxMerchant];
    // Instance A polls the store; B only reads what A wrote (its own poller would not run).
    const polledByA = (await connectTestStore(sandbox, merchant, database)).connection.poller;
    await sandbox.control("PUT", "/control/faults", {
      rules: [{ route: "GET /v1/events:polling", errorRate: 1, errorStatus: 503 }],
    });
    try {
      for (let i = 0; i < 3; i++) await expect(polledByA.pollOnce()).rejects.toThrow("HTTP 503");
    } finally {
      await sandbox.control("DELETE", "/control/faults");
    }

    const feedOnB = new StatusFeed(() => readPollStates(other.db));
    const received: StatusMessage[] = [];
    const unsubscribe = feedOnB.subscribe((message) => received.push(message));
    try {
      await expect.poll(() => received.at(-1)?.stores[0]?.consecutiveFailures).toBe(3);
    } finally {
      unsubscribe();
    }
    const [error] = (await readRecentErrors(other.db, [merchant.merchantId])).get(merchant.merchantId) ?? [];
    expect(error).toMatchObject({ kind: "poll", count: 3 });
    expect(error?.message).toContain("HTTP 503");
  });
});
