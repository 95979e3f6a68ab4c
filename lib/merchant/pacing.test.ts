import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storeApiClientOf } from "@/e2e/support/merchant-endpoint";
import { startSandboxStore, type SandboxStoreFixture } from "@/e2e/support/store-connection";
import { createOrderActions, type PerformOrderAction } from "@/lib/actions/perform-order-action";
import { getBoardSnapshot } from "@/lib/db/board";
import { saveKitchenSettings } from "@/lib/stores/kitchen-settings";
import { merchantStateOf } from "./control-actions";
import { menuState, recentControlChanges, setBusyMinutes } from "./controls";
import { merchantDocument } from "./document";
import type { ImportedMenu } from "./document-ids";
import { importMenu } from "./menu-import";
import { flushMerchantUpdates } from "./outbox";
import { runPacing } from "./pacing";

// Kitchen pacing against the sandbox over HTTP (issue 27's acceptance): 20 orders confirmed with a
// capacity of 8 turn busy mode on and the platform gets the merchantUpdate; the orders made ready
// turn it off, and the platform gets that too; past the hard limit the store pauses and reopens on
// its own. Time is the test's own clock, passed to each round: nothing waits.

type Logged = { path: string; status: number; body: unknown };

let fixture: SandboxStoreFixture;
let perform: PerformOrderAction;
let imported: ImportedMenu;
const storeId = () => fixture.store.connection.id;
const db = () => fixture.database.db;
let clock = Date.now();
/** The test's clock, a minute on at each read. */
const tick = () => new Date((clock += 60_000));

const merchantUpdates = async () =>
  (await fixture.sandbox.control<Logged[]>("GET", "/control/requests?path=/v1/merchantUpdate")).filter(
    (r) => r.status < 300,
  );
const flush = () => flushMerchantUpdates(db(), storeId(), fixture.store.connection.client, tick());
const setPacing = (capacity: number, hardLimit: number, enabled = true) =>
  saveKitchenSettings(db(), storeId(), {
    preparationMinutes: 20,
    reportPreparing: false,
    pacing: { enabled, capacity, hardLimit },
  });
const cooking = async () =>
  (await getBoardSnapshot(db(), [storeId()])).orders.filter((order) => order.column === "preparing");

/** Places `count` orders of 1–2 items on the platform, polls them in and confirms them. */
async function confirmOrders(count: number) {
  for (let i = 0; i < count; i++) {
    const items = [{ code: "BEB-GUARANA-2L", quantity: 1 + (i % 2) }];
    await fixture.sandbox.control("POST", "/control/orders", {
      merchantId: storeId(),
      type: "TAKEOUT",
      orderTiming: "INSTANT",
      items,
    });
  }
  await fixture.store.connection.poller.pollOnce();
  const { orders } = await getBoardSnapshot(db(), [storeId()]);
  for (const order of orders.filter((o) => o.column === "new")) {
    await perform({ storeId: storeId(), orderId: order.id, request: { action: "confirm" }, actor: "cook" });
  }
}

async function readyAll() {
  for (const order of await cooking()) {
    await perform({ storeId: storeId(), orderId: order.id, request: { action: "readyForPickup" }, actor: "cook" });
  }
}

beforeAll(async () => {
  fixture = await startSandboxStore();
  perform = createOrderActions({ db: db(), connectionFor: () => fixture.store.connection, timeoutMs: 5_000 });
  imported = await importMenu(
    db(),
    storeId(),
    [{ channelId: storeId(), client: storeApiClientOf(fixture) }],
    new Date(),
  );
});
afterAll(async () => fixture?.stop());

describe("kitchen pacing against the platform", () => {
  it("does nothing while off (the default), whatever the load", async () => {
    await confirmOrders(2);
    expect(await runPacing(db(), storeId(), tick())).toMatchObject({ action: {} });
    await readyAll();
  });

  it("20 orders with a capacity of 8 turn busy mode on; the platform gets the merchantUpdate", async () => {
    await setPacing(8, 100);
    const before = (await merchantUpdates()).length;
    await confirmOrders(20);
    expect(await cooking()).toHaveLength(20);

    const round = await runPacing(db(), storeId(), tick());
    // 10 orders of 1 and 10 of 2: 30 items, 22 past a capacity of 8 → 22/8 × 20 min = 55 → +55.
    expect(round).toEqual({ load: 30, action: { busyMinutes: 55 } });
    await flush();
    expect((await merchantUpdates()).slice(before)).toEqual([expect.objectContaining({ body: {} })]);
    // What the platform reads when it pulls: the store's wait plus the busy minutes.
    const doc = merchantDocument(storeId(), imported, await menuState(db(), storeId()), new Date(clock));
    expect(doc.basicInfo.averagePreparationTime).toBe((imported.store.waitingMinutes?.min ?? 30) + 55);

    const state = await merchantStateOf(storeId(), db());
    expect(state).toMatchObject({ busyMinutes: 55, busyBy: "pacing", pacing: { load: 30, capacity: 8 } });
    // The audit: the change, by pacing, with the load it saw.
    expect((await recentControlChanges(db(), storeId()))[0]).toMatchObject({
      actor: "pacing",
      change: "busy",
      minutes: 55,
      pacing: { load: 30, capacity: 8, hardLimit: 100 },
    });

    // A second round (another instance's, or the next tick) finds nothing to do.
    expect((await runPacing(db(), storeId(), tick())).action).toEqual({});
  });

  it("the load falling turns it off, and the platform gets that too", async () => {
    const before = (await merchantUpdates()).length;
    await readyAll();
    expect(await runPacing(db(), storeId(), tick())).toEqual({ load: 0, action: { busyMinutes: 0 } });
    await flush();
    expect((await merchantUpdates()).slice(before)).toHaveLength(1);
    expect(await merchantStateOf(storeId(), db())).toMatchObject({ busyMinutes: 0, pacing: null });
  });

  it("past the hard limit pauses the store, and reopens it on its own once the load falls", async () => {
    await setPacing(4, 10);
    const before = (await merchantUpdates()).length;
    await confirmOrders(8); // 12 items
    expect((await runPacing(db(), storeId(), tick())).action).toMatchObject({ pause: true });
    await flush();
    const belief = () => fixture.sandbox.control<{ status: string }>("GET", `/control/merchants/${storeId()}/state`);
    expect((await belief()).status).toBe("UNAVAILABLE");
    expect(await merchantStateOf(storeId(), db())).toMatchObject({ paused: true, pausedBy: "pacing" });

    await readyAll();
    expect((await runPacing(db(), storeId(), tick())).action).toEqual({ pause: false, busyMinutes: 0 });
    await flush();
    expect((await belief()).status).toBe("AVAILABLE");
    // Newest first: busy off, reopen, busy on, pause.
    const [, resumed, , paused] = await recentControlChanges(db(), storeId());
    expect(resumed).toMatchObject({ actor: "pacing", change: "resume", pacing: { load: 0 } });
    expect(paused).toMatchObject({
      actor: "pacing",
      change: "pause",
      minutes: null,
      pacing: { load: 12, hardLimit: 10 },
    });
    expect((await merchantUpdates()).slice(before).map((r) => r.body)).toEqual([
      { merchantStatus: "UNAVAILABLE" },
      {},
      { merchantStatus: "AVAILABLE" },
      {},
    ]);
  });

  it("a person's busy mode wins: pacing leaves it, and a person turning pacing's off holds pacing back", async () => {
    await setPacing(4, 100);
    await setBusyMinutes(db(), storeId(), 30, { actor: "Ana" }, tick());
    await confirmOrders(6); // 9 items
    expect((await runPacing(db(), storeId(), tick())).action).toEqual({});
    expect((await merchantStateOf(storeId(), db())).busyBy).toBe("Ana");
    // A round that read before Ana's change cannot overwrite it: pacing's write is conditional.
    await flush();
    const updatesBefore = (await merchantUpdates()).length;
    await setBusyMinutes(db(), storeId(), 5, { actor: "pacing" }, tick());
    await flush();
    expect(await merchantStateOf(storeId(), db())).toMatchObject({ busyMinutes: 30, busyBy: "Ana" });
    expect(await merchantUpdates()).toHaveLength(updatesBefore);

    await setBusyMinutes(db(), storeId(), 0, { actor: "Ana" }, tick());
    expect((await runPacing(db(), storeId(), tick())).action).toEqual({ busyMinutes: 25 }); // 5 past 4, 20 min: +25
    await setBusyMinutes(db(), storeId(), 0, { actor: "Ana" }, tick());
    // Ana undid pacing's busy mode: it stays off while the kitchen is still full…
    expect((await runPacing(db(), storeId(), tick())).action).toEqual({});
    // …until the load falls; then pacing may act again.
    await readyAll();
    expect((await runPacing(db(), storeId(), tick())).action).toEqual({ release: true });
  });
});
