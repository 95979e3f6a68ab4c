import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { channels, orders, platformEvents } from "@/lib/db/schema";
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from "@/e2e/support/database";
import { startSandboxProcess, type SandboxMerchant, type SandboxProcess } from "@/e2e/support/sandbox-process";
import { connectTestStore } from "@/e2e/support/store-connection";

interface SandboxEvent {
  eventId: string;
  eventType: string;
  acknowledged: boolean;
}

describe.each(testDatabaseKinds)("poller against the sandbox over HTTP (%s)", (kind) => {
  let sandbox: SandboxProcess;
  let merchant: SandboxMerchant;

  beforeAll(async () => {
    sandbox = await startSandboxProcess();
    [merchant] = (await sandbox.control<SandboxMerchant[]>("GET", "/control/merchants")) as [SandboxMerchant];
  });
  afterAll(async () => sandbox?.stop());

  const pollerFor = async (database: TestDatabase) =>
    (await connectTestStore(sandbox, merchant, database)).connection.poller;

  /** Runs a test on a new database; the test may hand back a reopened one to clean up instead. */
  async function withDatabase(test: (database: TestDatabase) => Promise<TestDatabase | void>) {
    let database = await createTestDatabase(kind);
    try {
      database = (await test(database)) ?? database;
    } finally {
      await database.destroy();
    }
  }

  async function sandboxEvents(orderId: string): Promise<SandboxEvent[]> {
    const view = await sandbox.control<{ events: SandboxEvent[] }>("GET", `/control/orders/${orderId}`);
    return view.events;
  }

  const createOrder = () =>
    sandbox
      .control<{ orderId: string }>("POST", "/control/orders", { merchantId: merchant.merchantId })
      .then((r) => r.orderId);

  it("stores an order once and acknowledges it when the platform delivers every event twice", async () => {
    await withDatabase(async (database) => {
      await sandbox.control("PUT", "/control/faults", { duplicateEvents: true });
      const orderId = await createOrder();
      const store = await connectTestStore(sandbox, merchant, database);
      try {
        const result = await store.connection.poller.pollOnce();
        expect(result.stored).toBe(1);
        expect(result.duplicates).toBeGreaterThanOrEqual(1);
      } finally {
        await sandbox.control("DELETE", "/control/faults");
      }

      const stored = await database.db.select().from(orders).where(eq(orders.id, orderId));
      expect(stored).toHaveLength(1);
      expect(stored[0]?.board.column).toBe("new");
      const events = await database.db.select().from(platformEvents).where(eq(platformEvents.orderId, orderId));
      expect(events).toHaveLength(1);
      expect(events[0]?.acknowledgedAt).toBeInstanceOf(Date);
      expect(store.published.filter((change) => change.id === orderId)).toHaveLength(1);
      expect((await sandboxEvents(orderId)).every((event) => event.acknowledged)).toBe(true);
    });
  });

  it("keeps exactly one copy when the process dies after storing an event but before acknowledging it", async () => {
    await withDatabase(async (database) => {
      const orderId = await createOrder();
      // The acknowledgment fails: the event is stored but the platform still holds it, as after a crash.
      await sandbox.control("PUT", "/control/faults", {
        rules: [{ route: "POST /v1/events/acknowledgment", errorRate: 1, errorStatus: 500 }],
      });
      try {
        await expect((await pollerFor(database)).pollOnce()).rejects.toThrow(/HTTP 500/);
      } finally {
        await sandbox.control("DELETE", "/control/faults");
      }
      expect(await database.db.select().from(orders).where(eq(orders.id, orderId))).toHaveLength(1);
      expect((await sandboxEvents(orderId)).some((event) => !event.acknowledged)).toBe(true);

      // Restart: a new process opens the same database and polls again; the platform redelivers.
      const restarted = await database.reopen();
      const result = await (await pollerFor(restarted)).pollOnce();
      expect(result.stored).toBe(0);
      expect(result.duplicates).toBeGreaterThanOrEqual(1);
      expect(await restarted.db.select().from(orders).where(eq(orders.id, orderId))).toHaveLength(1);
      expect(await restarted.db.select().from(platformEvents).where(eq(platformEvents.orderId, orderId))).toHaveLength(
        1,
      );
      expect((await sandboxEvents(orderId)).every((event) => event.acknowledged)).toBe(true);
      return restarted;
    });
    // Opens the embedded database twice (about 6 s on a quiet machine; 30 s was not enough under the full suite).
  }, 90_000);

  it("records a failed poll on the store and backs off, never faster than the interval", async () => {
    await withDatabase(async (database) => {
      await sandbox.control("PUT", "/control/faults", {
        rules: [{ route: "GET /v1/events:polling", errorRate: 1, errorStatus: 503 }],
      });
      const poller = await pollerFor(database);
      try {
        await expect(poller.pollOnce()).rejects.toThrow(/HTTP 503/);
        await expect(poller.pollOnce()).rejects.toThrow(/HTTP 503/);
      } finally {
        await sandbox.control("DELETE", "/control/faults");
      }
      expect(poller.status.consecutiveFailures).toBe(2);
      const delays = Array.from({ length: 50 }, () => poller.nextDelayMs());
      expect(Math.min(...delays)).toBeGreaterThanOrEqual(1_000);
      expect(Math.max(...delays)).toBeLessThanOrEqual(4_000);
      const [row] = await database.db.select().from(channels).where(eq(channels.id, merchant.merchantId));
      expect(row?.lastError).toMatch(/HTTP 503/);
      expect(row?.lastPollOkAt).toBeNull();

      await poller.pollOnce();
      expect(poller.status.consecutiveFailures).toBe(0);
      expect(poller.nextDelayMs()).toBe(1_000);
    });
  });
  it("keeps SQL and customers' data of a failed write out of the store's last error (and so of /api/health)", async () => {
    await withDatabase(async (database) => {
      // A database failure whose message quotes the row, as PostgreSQL's errors can.
      await database.db.execute(
        sql.raw(`create function comanda_test_refuse() returns trigger language plpgsql as $$
          begin raise exception 'insert into "orders" values (%)', new::text; end $$`),
      );
      await database.db.execute(
        sql.raw(`create trigger comanda_test_refuse before insert on orders
          for each row execute function comanda_test_refuse()`),
      );
      const orderId = await createOrder();
      const poller = await pollerFor(database);
      await expect(poller.pollOnce()).rejects.toThrow(/insert into "orders"/);

      const sentence = "Internal error while storing events (see the server log)";
      const [row] = await database.db.select().from(channels).where(eq(channels.id, merchant.merchantId));
      for (const shown of [
        row?.lastError,
        poller.status.lastError,
        (await poller.errorsOf(merchant.merchantId).list())[0]?.message,
      ]) {
        expect(shown).toBe(sentence);
        expect(shown).not.toContain(orderId);
      }
    });
  });
});
