import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from "@/e2e/support/database";
import { v2DocumentsFound, v2RequestErrors } from "@/e2e/support/open-delivery-v2-schemas";
import {
  startSandboxProcess,
  type LoggedRequest,
  type SandboxMerchant,
  type SandboxProcess,
} from "@/e2e/support/sandbox-process";
import {
  connectTestStore,
  startSandboxStore,
  type SandboxStoreFixture,
  type TestStore,
} from "@/e2e/support/store-connection";
import { forgetDiscovery, rememberedDiscovery } from "@/lib/sync/discovery";
import { pauseChannel, resumeChannel } from "./channel-pause";
import { pauseStore, pendingRestaurantUpdates, resumeStore } from "./controls";
import { flushMerchantUpdates } from "./outbox";
import { OPEN_ENDED_MINUTES, pauseMinutes } from "./service-pause";

// The kitchen's pause told to an Open Delivery 2.0 platform as its pause per service, against the
// sandbox speaking 2.0 over real HTTP and a real database: while Comanda is paused the platform
// refuses a delivery order (409 SERVICE_PAUSED), reopening early opens every service again, a
// failed call waits in the outbox and is retried with what is left of the pause. A 1.x connection
// is still sent merchantUpdate, and nothing of 2.0.

const PAUSE_ROUTE = "/merchants/{merchantId}/services/{serviceType}/pause";
const SERVICE_ROUTE = "/merchants/{merchantId}/services/{serviceType}";

describe("pauseMinutes", () => {
  it("is the minutes left rounded up, between 1 and the open-ended length", () => {
    const now = new Date("2026-11-28T18:00:00Z");
    expect(pauseMinutes(null, now)).toBe(OPEN_ENDED_MINUTES);
    expect(pauseMinutes(new Date(now.getTime() + 30 * 60_000), now)).toBe(30);
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e10 }), (ms) => {
        const minutes = pauseMinutes(new Date(now.getTime() + ms), now);
        expect(Number.isInteger(minutes)).toBe(true);
        expect(minutes).toBeGreaterThanOrEqual(1);
        expect(minutes).toBeLessThanOrEqual(OPEN_ENDED_MINUTES);
        // Never shorter than Comanda's own pause, unless capped.
        if (ms > 0 && minutes < OPEN_ENDED_MINUTES) expect(minutes * 60_000).toBeGreaterThanOrEqual(ms);
      }),
    );
  });
});

describe.skipIf(!v2DocumentsFound)("the kitchen's pause on a 2.0 connection", () => {
  let sandbox: SandboxProcess;
  let merchant: SandboxMerchant;
  let database: TestDatabase;
  let store: TestStore;
  const channelId = () => store.connection.id;
  const storeId = () => store.connection.restaurantId;
  const db = () => database.db;
  const sandboxNow = async () => new Date((await sandbox.control<{ now: string }>("GET", "/control/clock")).now);
  const flush = async () => flushMerchantUpdates(db(), channelId(), store.connection.client, await sandboxNow());
  const order = (type: string) =>
    fetch(`${sandbox.url}/control/orders`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ merchantId: merchant.merchantId, type }),
    });
  const serviceCalls = async () =>
    (await sandbox.control<LoggedRequest[]>("GET", "/control/requests?path=/services/")).filter((r) =>
      r.path.startsWith(`/v2/merchants/${merchant.merchantId}/services/`),
    );

  beforeAll(async () => {
    sandbox = await startSandboxProcess({ openDelivery: "2.0" });
    [merchant] = (await sandbox.control<SandboxMerchant[]>("GET", "/control/merchants")) as [SandboxMerchant];
    database = await createTestDatabase(testDatabaseKinds[0]!);
    // The app's way: the manifest read decides the dialect, each call asks it.
    store = await connectTestStore(sandbox, merchant, database, { discovered: true });
    expect(rememberedDiscovery(store.connection.connectionId)).toMatchObject({ state: "read", dialect: "2.0" });
  });
  afterAll(async () => {
    await forgetDiscovery(database.db, store.connection.connectionId).catch(() => undefined);
    await database?.destroy();
    await sandbox?.stop();
  });
  afterEach(async () => sandbox.control("DELETE", "/control/faults"));

  it("pauses every service for the pause's length: a delivery is refused; reopening early opens them", async () => {
    const before = (await serviceCalls()).length;
    await pauseStore(db(), storeId(), { minutes: 30, reason: "Fogão quebrado", actor: "Rita" }, await sandboxNow());
    expect(await flush()).toEqual({ sent: 1, failed: false });

    const refused = await order("DELIVERY");
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ code: "SERVICE_PAUSED" });
    expect((await order("TAKEOUT")).status).toBe(409);

    const paused = (await serviceCalls()).slice(before);
    expect(paused.map((r) => `${r.method} ${r.path.split("/").slice(-2).join("/")} ${r.status}`)).toEqual([
      "POST DELIVERY/pause 202",
      "POST TAKEOUT/pause 202",
      "POST INDOOR/pause 202",
    ]);
    for (const request of paused) {
      expect(request.body).toEqual({ durationMinutes: 30, reason: "Fogão quebrado" });
      expect(v2RequestErrors("merchant", PAUSE_ROUTE, "POST", request.body)).toEqual([]);
    }
    // No 1.x merchantUpdate to a 2.0 platform.
    expect(await sandbox.control<LoggedRequest[]>("GET", "/control/requests?path=/v1/merchantUpdate")).toEqual([]);

    await resumeStore(db(), storeId(), { actor: "Rita" }, await sandboxNow());
    expect(await flush()).toEqual({ sent: 1, failed: false });
    const opened = (await serviceCalls()).slice(before + 3);
    expect(opened.map((r) => `${r.method} ${r.path.split("/").at(-1)} ${r.status}`)).toEqual([
      "PATCH DELIVERY 202",
      "PATCH TAKEOUT 202",
      "PATCH INDOOR 202",
    ]);
    for (const request of opened) {
      expect(request.body).toEqual({ status: "OPEN" });
      expect(v2RequestErrors("merchant", SERVICE_ROUTE, "PATCH", request.body)).toEqual([]);
    }
    expect((await order("DELIVERY")).status).toBe(201);
  });

  it("waits in the outbox while the platform fails, and is sent with what is left of the pause", async () => {
    await sandbox.control("PUT", "/control/faults", {
      rules: [{ route: "POST /v2/merchants/*/pause", errorRate: 1, errorStatus: 503 }],
    });
    await pauseStore(db(), storeId(), { minutes: 15, reason: "Sem gás", actor: "Rita" }, await sandboxNow());
    expect(await flush()).toEqual({ sent: 0, failed: true });
    const [pending] = await pendingRestaurantUpdates(db(), storeId());
    expect(pending).toMatchObject({ body: { merchantStatus: "UNAVAILABLE" }, attempts: 1 });
    expect(pending?.lastError).toMatch(/503/);
    // Still open on the platform; the outbox waits out its back-off (5 s) before trying again.
    expect((await order("DELIVERY")).status).toBe(201);
    expect(await flush()).toEqual({ sent: 0, failed: false });

    await sandbox.control("DELETE", "/control/faults");
    await sandbox.control("POST", "/control/clock", { advanceSeconds: 4 * 60 + 10 });
    const before = (await serviceCalls()).length;
    expect(await flush()).toEqual({ sent: 1, failed: false });
    const sent = (await serviceCalls()).slice(before);
    // 15 minutes less 4 min 10 s: 11 (rounded up), so the platform never reopens before Comanda.
    expect(sent.map((r) => r.body)).toEqual(Array(3).fill({ durationMinutes: 11, reason: "Sem gás" }));
    expect((await order("DELIVERY")).status).toBe(409);
    expect(await pendingRestaurantUpdates(db(), storeId())).toEqual([]);

    // It ends by itself on both sides: Comanda's worker reopens (PATCH OPEN), the platform too.
    await sandbox.control("POST", "/control/clock", { advanceSeconds: 11 * 60 });
    expect((await order("DELIVERY")).status).toBe(201);
    await resumeStore(db(), storeId(), { actor: "Rita" }, await sandboxNow());
    expect(await flush()).toEqual({ sent: 1, failed: false });
  });

  it("sends an open-ended pause as the longest, and a channel's own pause as its own length", async () => {
    const before = (await serviceCalls()).length;
    await pauseStore(db(), storeId(), { minutes: null, reason: "Gás", actor: "Rita" }, await sandboxNow());
    await flush();
    expect((await serviceCalls()).slice(before)[0]?.body).toEqual({
      durationMinutes: OPEN_ENDED_MINUTES,
      reason: "Gás",
    });
    await resumeStore(db(), storeId(), { actor: "Rita" }, await sandboxNow());
    await flush();
    expect((await order("DELIVERY")).status).toBe(201);

    const mark = (await serviceCalls()).length;
    await pauseChannel(
      db(),
      storeId(),
      channelId(),
      { minutes: 60, reason: "Motoboys atrasados", actor: "Rita" },
      await sandboxNow(),
    );
    await flush();
    expect((await serviceCalls()).slice(mark)[0]?.body).toEqual({ durationMinutes: 60, reason: "Motoboys atrasados" });
    expect((await order("DELIVERY")).status).toBe(409);
    await resumeChannel(db(), storeId(), channelId(), { actor: "Rita" }, await sandboxNow());
    await flush();
    expect((await order("DELIVERY")).status).toBe(201);
  });

  it("sends nothing for a pause lifted before it could be sent; the reopening still opens", async () => {
    await sandbox.control("PUT", "/control/faults", {
      rules: [{ route: "POST /v2/merchants/*/pause", errorRate: 1, errorStatus: 503 }],
    });
    await pauseStore(db(), storeId(), { minutes: 30, reason: "Fila", actor: "Rita" }, await sandboxNow());
    await flush();
    await resumeStore(db(), storeId(), { actor: "Rita" }, await sandboxNow());
    await sandbox.control("DELETE", "/control/faults");
    await sandbox.control("POST", "/control/clock", { advanceSeconds: 10 });
    const before = (await serviceCalls()).length;
    expect(await flush()).toEqual({ sent: 2, failed: false });
    expect((await serviceCalls()).slice(before).map((r) => r.method)).toEqual(["PATCH", "PATCH", "PATCH"]);
    expect((await order("DELIVERY")).status).toBe(201);
  });
});

describe("the kitchen's pause on a 1.x connection", () => {
  let fixture: SandboxStoreFixture;
  beforeAll(async () => {
    fixture = await startSandboxStore();
  });
  afterAll(async () => fixture?.stop());

  it("is still merchantUpdate UNAVAILABLE then AVAILABLE, nothing of 2.0", async () => {
    const { connection } = fixture.store;
    const db = fixture.database.db;
    const now = new Date((await fixture.sandbox.control<{ now: string }>("GET", "/control/clock")).now);
    const state = () => fixture.sandbox.control<{ status: string }>("GET", `/control/merchants/${connection.id}/state`);
    await pauseStore(db, connection.restaurantId, { minutes: 30, reason: "Gás", actor: "Rita" }, now);
    expect(await flushMerchantUpdates(db, connection.id, connection.client, now)).toEqual({ sent: 1, failed: false });
    expect(await state()).toMatchObject({ status: "UNAVAILABLE" });
    await resumeStore(db, connection.restaurantId, { actor: "Rita" }, now);
    await flushMerchantUpdates(db, connection.id, connection.client, now);
    expect(await state()).toMatchObject({ status: "AVAILABLE" });
    const updates = await fixture.sandbox.control<LoggedRequest[]>("GET", "/control/requests?path=/v1/merchantUpdate");
    expect(updates.map((r) => r.body)).toEqual([{ merchantStatus: "UNAVAILABLE" }, { merchantStatus: "AVAILABLE" }]);
    expect(await fixture.sandbox.control<LoggedRequest[]>("GET", "/control/requests?path=/v2/")).toEqual([]);
  });
});
