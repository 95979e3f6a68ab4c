import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from "@/e2e/support/database";
import { startSandboxProcess, type SandboxMerchant, type SandboxProcess } from "@/e2e/support/sandbox-process";
import { sandboxChannelConfig } from "@/e2e/support/store-connection";
import { writeBoard } from "@/lib/db/board-writes";
import { reprojectOrder } from "@/lib/db/order-writes";
import { orders, platformEvents } from "@/lib/db/schema";
import { InterchangeClient } from "@/lib/platform/interchange/client";
import { saveChannelConfig } from "@/lib/stores/config";
import { LeaseKeeper, type LeaseKey, type PollerLease } from "./lease-keeper";
import { LeaseLostError } from "./leases";
import { ConnectionPoller } from "./poller";

// Poller leases (lib/sync/lease-keeper.ts) on a real database, with an injected clock: several
// LeaseKeepers on one database stand for several instances; "killing" one means it stops running
// rounds (as kill -9 or SIGSTOP would).

const INTERVAL_MS = 10_000;

class Clock {
  constructor(public ms = Date.parse("2026-06-01T12:00:00Z")) {}
  now = () => new Date(this.ms);
  advance(ms: number) {
    this.ms += ms;
  }
}

describe.each(testDatabaseKinds)("poller leases (%s)", (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => database?.destroy());

  /** An instance: its keeper, and the keys it was told it holds (as start.ts starts pollers). */
  function instance(id: string, clock: Clock, keys: readonly LeaseKey[]) {
    const leases = new Map<string, PollerLease>();
    const keeper = new LeaseKeeper({
      db: database.db,
      instanceId: id,
      now: clock.now,
      keys: () => keys,
      acquired: (key, lease) => leases.set(key, lease),
      lost: (key) => {
        leases.delete(key);
      },
    });
    return { id, keeper, leases };
  }

  const keysNamed = (prefix: string, count: number): LeaseKey[] =>
    Array.from({ length: count }, (_, i) => ({ key: `${prefix}-${i}`, intervalMs: INTERVAL_MS }));

  it("takes a dead holder's lease over within two poll intervals of its last renewal, with a new token", async () => {
    const clock = new Clock();
    const keys = keysNamed("takeover", 1);
    const a = instance("a", clock, keys);
    const b = instance("b", clock, keys);
    await a.keeper.tick();
    await b.keeper.tick();
    const first = a.leases.get("takeover-0");
    expect(first).toBeDefined();
    expect(b.leases.size).toBe(0);

    // A dies right after renewing; B keeps running rounds at its pace.
    await a.keeper.tick();
    const diedAt = clock.ms;
    const round = b.keeper.roundMs();
    while (b.leases.size === 0) {
      clock.advance(round);
      await b.keeper.tick();
      // Not before the lease (1.5 intervals) ran out: A might only be slow.
      if (clock.ms - diedAt < 1.5 * INTERVAL_MS) expect(b.leases.size).toBe(0);
    }
    expect(clock.ms - diedAt).toBeLessThanOrEqual(2 * INTERVAL_MS);
    expect(b.leases.get("takeover-0")!.token).toBeGreaterThan(first!.token);

    // A wakes up (SIGCONT): its next round finds the lease gone and lets its poller go.
    await a.keeper.tick();
    expect(a.leases.size).toBe(0);
    expect(await first!.renew()).toBe(false);
  });

  it("a restart under the same name, or the sole process of an embedded database, takes its leases back at once", async () => {
    const clock = new Clock(Date.parse("2026-06-01T10:00:00Z"));
    const keys = keysNamed("restart", 1);
    const before = instance("named", clock, keys);
    await before.keeper.tick();
    const old = before.leases.get("restart-0")!;
    // Killed (kill -9) and started again at once, well within the lease.
    clock.advance(1_000);
    const after = instance("named", clock, keys);
    await after.keeper.tick();
    expect(after.leases.get("restart-0")!.token).toBe(old.token + 1);
    // Another name must wait for the lease to run out, unless nothing else can use the database.
    const stranger = instance("stranger", clock, keys);
    await stranger.keeper.tick();
    expect(stranger.leases.size).toBe(0);
    const sole = new LeaseKeeper({
      db: database.db,
      instanceId: "sole",
      now: clock.now,
      keys: () => keys,
      acquired: () => undefined,
      lost: () => undefined,
      sole: true,
    });
    await sole.tick();
    expect(sole.holding().get("restart-0")).toBe(old.token + 2);
  });

  it("refuses a stale holder's write in the write's own transaction", async () => {
    const clock = new Clock();
    const keys = keysNamed("fence", 1);
    const a = instance("a", clock, keys);
    const b = instance("b", clock, keys);
    await a.keeper.tick();
    const stale = a.leases.get("fence-0")!;
    clock.advance(2 * INTERVAL_MS);
    await b.keeper.tick();
    const current = b.leases.get("fence-0")!;

    const write = (lease: PollerLease, id: string) =>
      writeBoard(database.db, async (tx) => {
        await lease.fence(tx);
        return reprojectOrder(tx, { id, storeId: "fence-0", summary: null, details: null, detailsError: "x" });
      });
    await expect(write(stale, "from-stale")).rejects.toBeInstanceOf(LeaseLostError);
    await write(current, "from-current");
    const written = await database.db.select({ id: orders.id }).from(orders).where(eq(orders.storeId, "fence-0"));
    expect(written.map((row) => row.id)).toEqual(["from-current"]);
  });

  it("spreads the keys evenly over three instances, and over the two left when one dies", async () => {
    // An hour after the other tests: their instances no longer count as live.
    const clock = new Clock(Date.parse("2026-06-01T13:00:00Z"));
    const keys = keysNamed("spread", 10);
    const all = ["x", "y", "z"].map((id) => instance(id, clock, keys));
    const rounds = async (count: number, running = all) => {
      for (let i = 0; i < count; i++) {
        for (const each of running) await each.keeper.tick();
        clock.advance(all[0]!.keeper.roundMs());
      }
    };
    const holdings = (running = all) => running.map((each) => [...each.leases.keys()]);
    const expectSpread = (running: typeof all) => {
      const held = holdings(running);
      const flat = held.flat();
      // Every key held, by exactly one instance, none past its share plus one.
      expect(new Set(flat).size).toBe(flat.length);
      expect([...flat].sort()).toEqual(keys.map((key) => key.key).sort());
      for (const mine of held) expect(mine.length).toBeLessThanOrEqual(Math.ceil(keys.length / running.length) + 1);
    };

    // x starts alone and takes everything; y and z arrive and x sheds down to its share.
    await rounds(1, [all[0]!]);
    expect(all[0]!.leases.size).toBe(10);
    await rounds(3);
    expectSpread(all);
    // Each takes up to ceil(10 / 3) = 4: the last to arrive finds 2 left.
    const counts = holdings().map((held) => held.length);
    expect(Math.max(...counts)).toBe(4);
    expect(Math.min(...counts)).toBeGreaterThanOrEqual(2);

    // z dies: within two intervals its keys are with x and y.
    const survivors = all.slice(0, 2);
    const roundsIn2Intervals = Math.floor((2 * INTERVAL_MS) / all[0]!.keeper.roundMs());
    await rounds(roundsIn2Intervals, survivors);
    expectSpread(survivors);
  });

  it("gives a late instance its floor: 4 keys on 3 instances end 2/1/1, not 2/2/0", async () => {
    // Two hours after the spread test: its instances no longer count as live.
    const clock = new Clock(Date.parse("2026-06-01T15:00:00Z"));
    const keys = keysNamed("late", 4);
    const all = ["p", "q", "r"].map((id) => instance(id, clock, keys));
    const rounds = async (count: number, running: typeof all) => {
      for (let i = 0; i < count; i++) {
        for (const each of running) await each.keeper.tick();
        clock.advance(all[0]!.keeper.roundMs());
      }
    };
    // p and q share the four (2 + 2); r arrives to find nothing free.
    await rounds(3, all.slice(0, 2));
    expect(all.slice(0, 2).map((each) => each.leases.size)).toEqual([2, 2]);
    await rounds(4, all);
    const counts = all.map((each) => each.leases.size);
    expect([...counts].sort()).toEqual([1, 1, 2]);
    expect(new Set(all.flatMap((each) => [...each.leases.keys()])).size).toBe(4);
  });
});

const postgres = !!process.env.TEST_DATABASE_URL;
describe.skipIf(!postgres)("a poller that lost its lease neither writes nor acknowledges (postgres)", () => {
  let sandbox: SandboxProcess;
  let merchant: SandboxMerchant;
  let database: TestDatabase;

  beforeAll(async () => {
    sandbox = await startSandboxProcess();
    [merchant] = (await sandbox.control<SandboxMerchant[]>("GET", "/control/merchants")) as [SandboxMerchant];
    database = await createTestDatabase("postgres");
  });
  afterAll(async () => {
    await database?.destroy();
    await sandbox?.stop();
  });

  it("leaves a new order's events unstored and unacknowledged for the new holder", async () => {
    const config = sandboxChannelConfig(sandbox, merchant, INTERVAL_MS / 1000);
    await saveChannelConfig(database.db, config, "sandbox");
    const clock = new Clock(Date.now());
    const keys = [{ key: merchant.merchantId, intervalMs: INTERVAL_MS }];
    const pollerOf = (owner: string) => {
      const poller = new ConnectionPoller({
        connectionId: merchant.merchantId,
        channels: new Map([[merchant.merchantId, merchant.merchantId]]),
        client: new InterchangeClient({ ...config, timeoutMs: 5_000 }),
        db: database.db,
        intervalMs: INTERVAL_MS,
        leased: true,
      });
      const keeper = new LeaseKeeper({
        db: database.db,
        instanceId: owner,
        now: clock.now,
        keys: () => keys,
        acquired: () => undefined,
        lost: () => undefined,
      });
      return { poller, keeper };
    };
    const a = pollerOf("a");
    const b = pollerOf("b");
    await a.keeper.tick();
    const staleLease = a.keeper.lease(merchant.merchantId)!;
    // A drains what is there, so the next poll brings only the new order.
    a.poller.useLease(staleLease);
    await a.poller.pollOnce();

    // A hangs past its lease; B takes over. A wakes with the old token mid-poll: it had renewed
    // already (so renew() passing is not what stops it) — the fence in the write must.
    clock.advance(2 * INTERVAL_MS);
    await b.keeper.tick();
    const { orderId } = await sandbox.control<{ orderId: string }>("POST", "/control/orders", {
      merchantId: merchant.merchantId,
    });
    const fencedOnly = { ...staleLease, renew: async () => true };
    a.poller.useLease(fencedOnly);
    await expect(a.poller.pollOnce()).rejects.toBeInstanceOf(LeaseLostError);
    expect(await database.db.select().from(platformEvents).where(eq(platformEvents.orderId, orderId))).toEqual([]);
    const view = await sandbox.control<{ events: Array<{ acknowledged: boolean }> }>(
      "GET",
      `/control/orders/${orderId}`,
    );
    expect(view.events.length).toBeGreaterThan(0);
    expect(view.events.every((event) => !event.acknowledged)).toBe(true);

    // B, the holder, stores and acknowledges them.
    b.poller.useLease(b.keeper.lease(merchant.merchantId));
    await b.poller.pollOnce();
    expect((await database.db.select().from(platformEvents).where(eq(platformEvents.orderId, orderId))).length).toBe(
      view.events.length,
    );
  });
});
