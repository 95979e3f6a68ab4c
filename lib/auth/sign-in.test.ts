import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@/e2e/support/database";

process.env.AUTH_SECRET = "unit-test-auth-secret-0123456789abcdef0123";
process.env.TRUSTED_PROXIES = "";

const load = async () => ({
  options: await import("./options"),
  signIn: await import("./sign-in"),
  users: await import("./users"),
});

describe("the per-address sign-in limit", () => {
  let database: TestDatabase;
  let m: Awaited<ReturnType<typeof load>>;
  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    m = await load();
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it("takes the address only from trusted proxies: the Nth entry from the right, none by default", () => {
    const forged = new Headers({ "x-forwarded-for": "127.0.0.1, 203.0.113.7, 10.0.0.2" });
    expect(m.options.clientAddress(forged)).toBeNull();
    expect(m.options.clientAddress(forged, 1)).toBe("10.0.0.2");
    expect(m.options.clientAddress(forged, 2)).toBe("203.0.113.7");
    expect(m.options.clientAddress({ "x-forwarded-for": "198.51.100.1" }, 1)).toBe("198.51.100.1");
    expect(m.options.clientAddress(new Headers(), 1)).toBeNull();
  });

  it("20 failures with a forged X-Forwarded-For do not lock out another client by default", async () => {
    const db = database.db;
    await m.users.createUser(db, {
      email: "real@client.test",
      name: "Real",
      role: "manager",
      password: "right password",
      storeIds: ["s1"],
    });
    const forged = new Headers({ "x-forwarded-for": "127.0.0.1" });
    for (let i = 0; i < 20; i++) {
      const answer = await m.signIn.checkCredentials(
        db,
        { email: `nobody${i}@attacker.test`, password: "guess" },
        m.options.clientAddress(forged),
      );
      expect(answer).toBeNull();
    }
    const real = await m.signIn.checkCredentials(
      db,
      { email: "real@client.test", password: "right password" },
      m.options.clientAddress(new Headers({ "x-forwarded-for": "127.0.0.1" })),
    );
    expect(real?.name).toBe("Real");
  });
});
