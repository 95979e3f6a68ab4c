import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// As in production against a real platform: private addresses not allowed (lib/env reads it once).
process.env.ALLOW_PRIVATE_PLATFORM_ADDRESSES = "false";

describe("platform addresses when private ones are not allowed", () => {
  let server: net.Server;
  let port = 0;
  let connections = 0;
  beforeAll(async () => {
    server = net.createServer((socket) => {
      connections += 1;
      socket.end("HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\n{}");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as net.AddressInfo).port;
  });
  afterAll(async () => new Promise<void>((resolve) => server.close(() => resolve())));

  it("knows loopback, private, link-local and mapped addresses from public ones", async () => {
    const { isPrivateAddress } = await import("./address-guard");
    for (const address of ["127.0.0.1", "10.1.2.3", "172.20.0.1", "192.168.1.1", "169.254.169.254", "::1", "fe80::1"])
      expect(isPrivateAddress(address), address).toBe(true);
    expect(isPrivateAddress("::ffff:127.0.0.1")).toBe(true);
    for (const address of ["8.8.8.8", "200.147.67.142", "2001:4860:4860::8888"])
      expect(isPrivateAddress(address), address).toBe(false);
  });

  it("Test connection never connects to a loopback port, by address or by name", async () => {
    const { checkConnection } = await import("@/lib/integrations/connection-check");
    for (const host of ["127.0.0.1", "localhost", "[::ffff:127.0.0.1]"]) {
      const results = await checkConnection(
        {
          id: "m1",
          baseUrl: `http://${host}:${port}`,
          clientId: "c",
          clientSecret: "s",
          serviceId: null,
          admin: null,
          storeApi: null,
        },
        2_000,
      );
      expect(results.find((r) => r.check === "token")).toMatchObject({
        outcome: "failed",
        problem: { code: "unreachable" },
      });
    }
    expect(connections).toBe(0);
  });
});

describe("saving a platform base URL when private addresses are not allowed", () => {
  // Migrating a fresh database is most of its time: it gets as long as a hook (60 s) on a loaded machine.
  it("answers 400 naming the field, and saves nothing", async () => {
    const { createTestDatabase } = await import("@/e2e/support/database");
    const { createStore } = await import("@/lib/stores/settings");
    const { storeExists } = await import("@/lib/stores/settings-view");
    const { newStoreInputSchema } = await import("@/lib/contract/integration-settings");
    const database = await createTestDatabase("pglite");
    try {
      for (const baseUrl of [
        "http://127.0.0.1:5432",
        "http://localhost:5432",
        "https://169.254.169.254/latest",
        "https://10.0.0.1",
      ]) {
        const input = newStoreInputSchema.parse({
          id: "m-private",
          name: "Probe",
          baseUrl,
          clientId: "c",
          clientSecret: "s",
          serviceId: null,
          admin: null,
          storeApi: null,
          pollIntervalSeconds: 30,
          confirmDeadlineMinutes: 8,
          enabled: true,
        });
        await expect(
          createStore(database.db, { userId: 1, name: "Admin", storeIds: "all" }, input),
        ).rejects.toMatchObject({
          code: "bad_request",
          extra: { field: "baseUrl", reason: "privateAddress" },
        });
      }
      expect(await storeExists(database.db, "m-private")).toBe(false);
    } finally {
      await database.destroy();
    }
  }, 60_000);
});
