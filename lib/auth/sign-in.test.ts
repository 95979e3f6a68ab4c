import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@/e2e/support/database";

import { clientAddress } from "./options";
import { checkCredentials } from "./sign-in";
import { createUser } from "./users";

describe("the per-address sign-in limit", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase("pglite");
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it("takes the address only from trusted proxies: the Nth entry from the right, none by default", () => {
    const forged = new Headers({ "x-forwarded-for": "127.0.0.1, 203.0.113.7, 10.0.0.2" });
    expect(clientAddress(forged)).toBeNull();
    expect(clientAddress(forged, 1)).toBe("10.0.0.2");
    expect(clientAddress(forged, 2)).toBe("203.0.113.7");
    expect(clientAddress({ "x-forwarded-for": "198.51.100.1" }, 1)).toBe("198.51.100.1");
    expect(clientAddress(new Headers(), 1)).toBeNull();
  });

  it("20 failures with a forged X-Forwarded-For do not lock out another client by default", async () => {
    const db = database.db;
    const real = { email: "real@client.test", password: "right password" };
    await createUser(db, { ...real, name: "Real", role: "manager", storeIds: ["s1"] });
    const forged = new Headers({ "x-forwarded-for": "127.0.0.1" });
    for (let i = 0; i < 20; i++) {
      const answer = await checkCredentials(
        db,
        { email: `nobody${i}@attacker.test`, password: "guess" },
        clientAddress(forged),
      );
      expect(answer).toBeNull();
    }
    const answer = await checkCredentials(db, real, clientAddress(new Headers({ "x-forwarded-for": "127.0.0.1" })));
    expect(answer?.name).toBe("Real");
  });
});
