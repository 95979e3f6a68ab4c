import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from "@/e2e/support/database";
import { openDatabase, type DatabaseHandle } from "@/lib/db/client";
import { userStores, users } from "@/lib/db/schema";
import { DEMO_ACCOUNTS, seedSandboxAccounts } from "./seed";
import { findByPin } from "./users";

// Several instances starting together in sandbox mode each seed the demo accounts. On PostgreSQL
// each seeder here has its own connection pool, as separate instances would; on PGlite they
// interleave in one process.

describe.each(testDatabaseKinds)("sandbox demo accounts (%s)", (kind) => {
  let database: TestDatabase;
  const others: DatabaseHandle[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    if (database.url) {
      for (let i = 0; i < 2; i++) others.push(await openDatabase({ databaseUrl: database.url }));
    }
  });
  afterAll(async () => {
    for (const handle of others) await handle.close();
    await database?.destroy();
  });

  it("three seeders racing give one set of accounts and no error", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    vi.spyOn(console, "info").mockImplementation(() => undefined);
    try {
      const handles = [database.db, ...others.map((handle) => handle.db)];
      while (handles.length < 3) handles.push(database.db);
      await Promise.all(handles.map((db) => seedSandboxAccounts(db, ["store-a", "store-b"])));
      expect(errors).not.toHaveBeenCalled();
    } finally {
      vi.restoreAllMocks();
    }

    const rows = await database.db.select().from(users);
    expect(rows.map((row) => row.name).sort()).toEqual(
      [DEMO_ACCOUNTS.manager.name, DEMO_ACCOUNTS.kitchen.name, DEMO_ACCOUNTS.cook.name].sort(),
    );
    const memberships = await database.db.select().from(userStores);
    const manager = rows.find((row) => row.email === DEMO_ACCOUNTS.manager.email)!;
    const kitchen = rows.find((row) => row.email === DEMO_ACCOUNTS.kitchen.email)!;
    expect(memberships.filter((row) => row.userId === manager.id).map((row) => row.storeId)).toEqual(
      expect.arrayContaining(["store-a", "store-b"]),
    );
    expect(memberships.filter((row) => row.userId === kitchen.id).map((row) => row.storeId)).toEqual(["store-a"]);
    expect(await findByPin(database.db, ["store-a"], DEMO_ACCOUNTS.cook.pin)).toMatchObject({
      name: DEMO_ACCOUNTS.cook.name,
    });
  });

  it("seeding again adds the manager's new stores and nothing else", async () => {
    vi.spyOn(console, "info").mockImplementation(() => undefined);
    try {
      await seedSandboxAccounts(database.db, ["store-a", "store-b", "store-c"]);
    } finally {
      vi.restoreAllMocks();
    }
    expect(await database.db.select().from(users)).toHaveLength(3);
    const manager = (await database.db.select().from(users)).find((row) => row.email === DEMO_ACCOUNTS.manager.email)!;
    const memberships = await database.db.select().from(userStores);
    expect(
      memberships
        .filter((row) => row.userId === manager.id)
        .map((row) => row.storeId)
        .sort(),
    ).toEqual(["store-a", "store-b", "store-c"]);
  });
});
