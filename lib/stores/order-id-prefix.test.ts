import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@/e2e/support/database";
import { loadChannelConfig, saveChannelConfig, type ChannelConfig } from "./config";

// Comanda's ids of a platform's orders are the platform's with its connection's prefix in front
// (issue 28): one namespace per platform, stable for as long as the platform is the same.

const channel = (id: string, baseUrl: string, clientId = "client"): ChannelConfig => ({
  id,
  name: `Restaurant ${id}`,
  baseUrl,
  clientId,
  clientSecret: "secret",
  serviceId: null,
  admin: null,
  storeApi: null,
  pollIntervalSeconds: 2,
  confirmDeadlineMinutes: 8,
});

describe("order id namespaces", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase("pglite");
  });
  afterAll(async () => database?.destroy());
  const prefixOf = async (id: string) => (await loadChannelConfig(database.db, id))!.config.orderIdPrefix;

  it("gives the first platform none, another platform its own, and connections to one platform the same", async () => {
    await saveChannelConfig(database.db, channel("a1", "http://127.0.0.1:3000/sandbox"), "sandbox");
    await saveChannelConfig(database.db, channel("b1", "http://127.0.0.1:3000/sandbox/p2"), "sandbox");
    await saveChannelConfig(database.db, channel("b2", "http://127.0.0.1:3000/sandbox/p2", "other-client"), "sandbox");
    expect(await prefixOf("a1")).toBe("");
    expect(await prefixOf("b1")).toMatch(/^[0-9a-f]{6}~$/);
    expect(await prefixOf("b2")).toBe(await prefixOf("b1"));
  });

  it("keeps a channel's namespace when its platform moves address (a restore on another port)", async () => {
    const before = [await prefixOf("a1"), await prefixOf("b1")];
    await saveChannelConfig(database.db, channel("a1", "http://127.0.0.1:4000/sandbox"), "sandbox");
    await saveChannelConfig(database.db, channel("b1", "http://127.0.0.1:4000/sandbox/p2"), "sandbox");
    expect([await prefixOf("a1"), await prefixOf("b1")]).toEqual(before);
  });
});
