import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { channels } from "@/lib/db/schema";
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from "@/e2e/support/database";
import type { LoggedRequest, SandboxMerchant } from "@/e2e/support/sandbox-process";
import { connectTestStore, startSandboxStore, type SandboxStoreFixture } from "@/e2e/support/store-connection";
import { databaseRefreshTokenStore } from "@/lib/stores/admin-refresh-token";
import { AdminClient } from "./client";

// Real sandbox process, real PGlite database: the admin API's token chain as Comanda runs it.

const TTL_SECONDS = 21_600;

describe("admin API client", () => {
  let fixture: SandboxStoreFixture;
  let database: TestDatabase;
  let merchant: SandboxMerchant;

  const newClient = (db = database) => {
    const client = new AdminClient({
      baseUrl: fixture.sandbox.url,
      serviceId: merchant.serviceId,
      credentials: merchant.admin,
      timeoutMs: 5_000,
      refreshTokens: databaseRefreshTokenStore(db.db, merchant.merchantId),
    });
    return { tokens: client.tokens, client };
  };
  /** The grants the sandbox received, oldest first, with its answer. */
  const grants = async () =>
    (await fixture.sandbox.control<LoggedRequest[]>("GET", "/control/requests?path=/admin-api/token")).map(
      (entry) => `${(entry.body as { grant_type?: string }).grant_type} ${entry.status}`,
    );
  const storedToken = async (db = database) => databaseRefreshTokenStore(db.db, merchant.merchantId).load();

  beforeAll(async () => {
    fixture = await startSandboxStore();
    database = fixture.database;
    [merchant] = (await fixture.sandbox.control<SandboxMerchant[]>("GET", "/control/merchants")) as [SandboxMerchant];
  });
  afterAll(async () => {
    await fixture?.sandbox.stop();
    await database?.destroy();
  });
  beforeEach(async () => {
    // Each test starts a new chain: no stored token, an empty log, no orders.
    await databaseRefreshTokenStore(database.db, merchant.merchantId).clear();
    await fixture.sandbox.control("POST", "/control/reset");
  });

  it("Admin refresh-token rotation survives a restart between two refreshes", async () => {
    const first = newClient();
    await first.client.listOrders();
    expect(first.tokens.lastGrant).toBe("password");
    const afterPassword = await storedToken();
    expect(afterPassword).not.toBeNull();

    // The access token expires on the platform's clock; the next call is refused, then refreshed.
    await fixture.sandbox.control("POST", "/control/clock", { advanceSeconds: TTL_SECONDS + 1 });
    await first.client.listOrders();
    expect(first.tokens.lastGrant).toBe("refresh_token");
    const afterFirstRefresh = await storedToken();
    expect(afterFirstRefresh?.token).not.toBe(afterPassword?.token);

    // Restart: a new process (new client, database reopened) with no token in memory.
    database = await database.reopen();
    const [row] = await database.db
      .select({ encrypted: channels.adminRefreshTokenEncrypted })
      .from(channels)
      .where(eq(channels.id, merchant.merchantId));
    expect(row?.encrypted).toMatch(/^v1\./);
    expect(row?.encrypted).not.toContain(afterFirstRefresh!.token);
    const second = newClient();
    const page = await second.client.listOrders();
    expect(page.orders).toEqual([]);
    expect(second.tokens.lastGrant).toBe("refresh_token");
    const afterRestart = await storedToken();
    expect(afterRestart?.token).not.toBe(afterFirstRefresh?.token);

    expect(await grants()).toEqual(["password 200", "refresh_token 200", "refresh_token 200"]);
  });

  it("falls back to the password grant when the platform refuses the refresh token", async () => {
    const { client, tokens } = newClient();
    await client.listOrders();
    // Every access and refresh token issued so far stops working.
    await fixture.sandbox.control("PUT", "/control/faults", { revokeTokens: true });
    await fixture.sandbox.control("DELETE", "/control/faults");
    await client.listOrders();
    expect(tokens.lastGrant).toBe("password");
    expect(await grants()).toEqual(["password 200", "refresh_token 400", "password 200"]);
    // The new chain is the one stored.
    const restarted = newClient();
    await fixture.sandbox.control("POST", "/control/clock", { advanceSeconds: TTL_SECONDS + 1 });
    await restarted.client.listOrders();
    expect((await grants()).at(-1)).toBe("refresh_token 200");
  });

  it.skipIf(!testDatabaseKinds.includes("postgres"))(
    "instances refreshing at once take turns: no refused refresh, no password grant (PostgreSQL)",
    async () => {
      const shared = await createTestDatabase("postgres");
      try {
        await connectTestStore(fixture.sandbox, merchant, shared);
        await newClient(shared).client.listOrders();
        // Four instances with no access token in memory, one stored refresh token.
        const instances = Array.from({ length: 4 }, () => newClient(shared));
        await Promise.all(instances.map((instance) => instance.client.listOrders()));
        expect(instances.map((instance) => instance.tokens.lastGrant)).toEqual(Array(4).fill("refresh_token"));
        expect(await grants()).toEqual(["password 200", ...Array(4).fill("refresh_token 200")]);
      } finally {
        await shared.destroy();
      }
    },
  );

  it("shares one token request between concurrent callers", async () => {
    const { client } = newClient();
    const pages = await Promise.all(Array.from({ length: 5 }, () => client.listOrders()));
    expect(pages).toHaveLength(5);
    expect(await grants()).toEqual(["password 200"]);
    await fixture.sandbox.control("POST", "/control/clock", { advanceSeconds: TTL_SECONDS + 1 });
    await Promise.all(Array.from({ length: 5 }, () => client.listOrders()));
    expect(await grants()).toEqual(["password 200", "refresh_token 200"]);
  });

  it("lists orders newest first with pagination and filters, in Comanda's own shape", async () => {
    const created: string[] = [];
    for (const type of ["DELIVERY", "TAKEOUT", "DELIVERY"]) {
      created.push(
        (
          await fixture.sandbox.control<{ orderId: string }>("POST", "/control/orders", {
            merchantId: merchant.merchantId,
            type,
          })
        ).orderId,
      );
    }
    const { client } = newClient();
    const all = await client.listOrders({ limit: 100 });
    expect(all.orders.map((order) => order.id)).toEqual([...created].reverse());
    expect(all.totalItems).toBe(3);
    expect(all.orders[0]).toMatchObject({
      status: "CREATED",
      type: "DELIVERY",
      timing: expect.any(String),
      displayId: expect.any(String),
    });
    expect(all.orders[0]!.total).toEqual({ value: expect.any(Number), currency: "BRL" });

    const second = await client.listOrders({ offset: 1, limit: 1 });
    expect(second.orders.map((order) => order.id)).toEqual([created[1]]);

    const future = await client.listOrders({ createdFrom: new Date(Date.now() + 3600_000 * 24 * 400) });
    expect(future.orders).toEqual([]);
    const none = await client.listOrders({ statuses: ["DONE"] });
    expect(none.orders).toEqual([]);

    // The request carried the platform's headers (a missing one is a 400 there).
    const log = await fixture.sandbox.control<LoggedRequest[]>("GET", "/control/requests?path=/admin-api/v1/orders");
    expect(log.every((entry) => entry.status === 200)).toBe(true);
  });
});
