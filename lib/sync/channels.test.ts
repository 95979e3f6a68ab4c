import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import type { TestDatabase } from "@/e2e/support/database";
import type { SandboxMerchant, SandboxProcess } from "@/e2e/support/sandbox-process";
import type { Integrator } from "@/e2e/support/shared-stores";
import { connectTestConnection } from "@/e2e/support/store-connection";
import { PLATFORM_PATHS, startTwoPlatforms, type TwoPlatforms } from "@/e2e/support/two-platforms";
import { orders, platformEvents } from "@/lib/db/schema";
import { loadEnabledConnections } from "@/lib/stores/connections";
import { channelConnectionOf, type PlatformConnection } from "@/lib/sync/registry";
import { receiveWebhook, webhookSignature } from "./webhook";

// Issue 28 over real HTTP: one sandbox process hosting two platforms (/ and /p2), each with an
// integrator covering 100 merchants, each integrator a platform connection. The first merchant of
// each platform is one restaurant ("R", two channels); the others are restaurants of their own.

describe("a restaurant on two platforms", () => {
  let sandbox: SandboxProcess;
  let database: TestDatabase;
  const integrators: Integrator[] = [];
  const merchants: SandboxMerchant[][] = [];
  const connections: PlatformConnection[] = [];
  let restaurant: string;

  let platforms: TwoPlatforms;
  const control = <T>(platform: number, method: string, path: string, body?: unknown) =>
    platforms.control<T>(platform, method, path, body);

  beforeAll(async () => {
    platforms = await startTwoPlatforms();
    ({ sandbox, database } = platforms);
    for (const platform of [0, 1]) {
      const [integrator] = await control<Integrator[]>(platform, "POST", "/control/integrators", {
        merchants: 100,
        connections: 1,
      });
      const all = await control<SandboxMerchant[]>(platform, "GET", "/control/merchants");
      integrators.push(integrator!);
      merchants.push(integrator!.merchantIds.map((id) => all.find((merchant) => merchant.merchantId === id)!));
    }
    restaurant = merchants[0]![0]!.merchantId;
    const sameRestaurant = new Set([merchants[0]![0]!.merchantId, merchants[1]![0]!.merchantId]);
    for (const platform of [0, 1]) {
      const { connection } = await connectTestConnection(
        { url: `${sandbox.url}${PLATFORM_PATHS[platform]}` },
        merchants[platform]!,
        integrators[platform]!,
        database,
        { restaurantOf: (id) => (sameRestaurant.has(id) ? restaurant : undefined) },
      );
      connections.push(connection);
    }
  }, 180_000);
  afterAll(async () => {
    await platforms?.stop();
  });

  it("has one connection per platform, each with its 100 channels, the second platform's ids namespaced", async () => {
    const loaded = await loadEnabledConnections(database.db);
    expect(loaded.map((entry) => entry.channels.length)).toEqual([100, 100]);
    expect(loaded.map((entry) => entry.connection.orderIdPrefix)).toEqual([
      "",
      expect.stringMatching(/^[0-9a-f]{6}~$/),
    ]);
    const ofRestaurant = loaded
      .flatMap((entry) => entry.channels)
      .filter((channel) => channel.restaurantId === restaurant);
    expect(ofRestaurant.map((channel) => channel.id).sort()).toEqual(
      [merchants[0]![0]!.merchantId, merchants[1]![0]!.merchantId].sort(),
    );
  });

  it("polls once per connection per round (100 merchants each), and files both platforms' orders on the restaurant's board", async () => {
    await Promise.all([0, 1].map((platform) => control(platform, "POST", "/control/reset")));
    // The same order id on both platforms: two orders, one per channel.
    const sharedId = "5b3f8f0e-0000-4000-8000-000000000028";
    for (const platform of [0, 1])
      await control(platform, "POST", "/control/orders", {
        merchantId: merchants[platform]![0]!.merchantId,
        orderId: sharedId,
      });
    const own = await control<{ orderId: string }>(1, "POST", "/control/orders", {
      merchantId: merchants[1]![7]!.merchantId,
    });

    const results = await Promise.all(connections.map((connection) => connection.poller.pollOnce()));
    expect(results.map((result) => result.stored)).toEqual([1, 2]);
    for (const platform of [0, 1]) {
      const polls = (await platforms.requests(platform, "/v1/events:polling")).filter(
        (r) => r.clientId === integrators[platform]!.clientId,
      );
      expect(polls).toHaveLength(1);
      expect(polls[0]!.pollingMerchants).toHaveLength(100);
    }

    const stored = await database.db
      .select({ id: orders.id, storeId: orders.storeId, channelId: orders.channelId, board: orders.board })
      .from(orders)
      .where(eq(orders.storeId, restaurant));
    const prefix = connections[1]!.config.orderIdPrefix;
    expect(stored.map((row) => [row.id, row.channelId]).sort()).toEqual(
      [
        [sharedId, merchants[0]![0]!.merchantId],
        [`${prefix}${sharedId}`, merchants[1]![0]!.merchantId],
      ].sort(),
    );
    for (const row of stored) expect(row.board.channelId).toBe(row.channelId);
    // The other restaurant's order is its own, not R's.
    const [other] = await database.db
      .select()
      .from(orders)
      .where(eq(orders.id, `${prefix}${own.orderId}`));
    expect(other).toMatchObject({ storeId: merchants[1]![7]!.merchantId, channelId: merchants[1]![7]!.merchantId });
    // Each platform was acknowledged its own event ids, without the namespace.
    const acknowledged = (await platforms.requests(1, "/v1/events/acknowledgment")).flatMap(
      (r) => r.body as { id: string }[],
    );
    expect(acknowledged.length).toBeGreaterThan(0);
    expect(acknowledged.every((item) => !item.id.includes("~"))).toBe(true);
  });

  it("takes a webhook for each channel signed with its own platform's secret, and refuses another platform's signature", async () => {
    const channel = merchants[1]![0]!.merchantId;
    const placed = await control<{ orderId: string }>(1, "POST", "/control/orders", { merchantId: channel });
    // As the platform pushes it: its own ids, its own order URL.
    const event = {
      eventId: randomUUID(),
      eventType: "CREATED",
      orderId: placed.orderId,
      orderURL: `${sandbox.url}/p2/v1/orders/${placed.orderId}`,
      createdAt: new Date().toISOString(),
    };
    const body = JSON.stringify(event);
    const connectionFor = (id: string) => {
      for (const connection of connections) {
        const config = connection.channels.get(id);
        if (config) return channelConnectionOf(connection, config);
      }
      return undefined;
    };
    const headers = (secret: string) =>
      new Headers({ "x-app-merchantid": channel, "x-app-signature": webhookSignature(body, secret) });

    await expect(
      receiveWebhook(body, headers(integrators[0]!.clientSecret), { db: database.db, connectionFor }),
    ).rejects.toThrow(/signature/);
    const result = await receiveWebhook(body, headers(integrators[1]!.clientSecret), {
      db: database.db,
      connectionFor,
    });
    expect(result.stored).toBe(1);
    const prefix = connections[1]!.config.orderIdPrefix;
    const [stored] = await database.db
      .select({ storeId: platformEvents.storeId, channelId: platformEvents.channelId })
      .from(platformEvents)
      .where(and(eq(platformEvents.orderId, `${prefix}${placed.orderId}`)));
    expect(stored).toEqual({ storeId: restaurant, channelId: channel });
  });

  it("confirms an order through the platform it came from, by the platform's own id", async () => {
    const prefix = connections[1]!.config.orderIdPrefix;
    const sharedId = "5b3f8f0e-0000-4000-8000-000000000028";
    const channel = channelConnectionOf(connections[1]!, connections[1]!.channels.get(merchants[1]![0]!.merchantId)!);
    const response = await channel.client.orderAction(`${prefix}${sharedId}`, "confirm", {});
    expect(response.status).toBe(202);
    const confirms = await platforms.requests(1, `/v1/orders/${sharedId}/confirm`);
    expect(confirms).toHaveLength(1);
    expect(await platforms.requests(0, `/v1/orders/${sharedId}/confirm`)).toHaveLength(0);
  });
});
