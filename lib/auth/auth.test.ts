import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from "@/e2e/support/database";

// The PIN hash is keyed with AUTH_SECRET; lib/env reads it once, when first imported.
process.env.AUTH_SECRET = "unit-test-auth-secret-0123456789abcdef0123";

const auth = async () => ({
  users: await import("./users"),
  sessions: await import("./sessions"),
  throttle: await import("./throttle"),
  kitchen: await import("./kitchen"),
  password: await import("./password"),
  schema: await import("@/lib/db/schema"),
});

describe.each(testDatabaseKinds)("users, sessions, PINs and lockouts (%s)", (kind) => {
  let database: TestDatabase;
  let m: Awaited<ReturnType<typeof auth>>;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    m = await auth();
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it("stores an argon2id hash, finds the user by any-case email, and checks the password", async () => {
    const db = database.db;
    await m.users.createUser(db, {
      email: "Chef@Example.com ",
      name: "Chef",
      role: "manager",
      password: "right password",
      storeIds: ["s1", "s2"],
    });
    const user = await m.users.findUserByEmail(db, "chef@example.COM");
    expect(user?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await m.password.verifyPassword(user?.passwordHash, "right password")).toBe(true);
    expect(await m.password.verifyPassword(user?.passwordHash, "wrong password")).toBe(false);
    expect(await m.password.verifyPassword(undefined, "right password")).toBe(false);
  });

  it("gives a live session's viewer its role and stores; ends it on revoke, expiry or disable", async () => {
    const db = database.db;
    const user = (await m.users.findUserByEmail(db, "chef@example.com"))!;
    const sid = await m.sessions.createSession(db, user.id);
    const viewer = await m.sessions.loadViewer(db, sid);
    expect(viewer).toMatchObject({ role: "manager", name: "Chef", deviceStoreId: null, staff: null });
    expect([...(viewer!.storeIds as string[])].sort()).toEqual(["s1", "s2"]);
    expect(m.sessions.actorName(viewer!)).toBe("Chef");

    expect(
      await m.sessions.loadViewer(db, sid, new Date(Date.now() + m.sessions.PERSONAL_SESSION_MS + 1000)),
    ).toBeNull();
    await m.sessions.revokeSession(db, sid);
    expect(await m.sessions.loadViewer(db, sid)).toBeNull();

    const other = await m.sessions.createSession(db, user.id);
    await db.update(m.schema.users).set({ disabledAt: new Date() }).where(eq(m.schema.users.id, user.id));
    expect(await m.sessions.loadViewer(db, other)).toBeNull();
    await db.update(m.schema.users).set({ disabledAt: null }).where(eq(m.schema.users.id, user.id));
  });

  it("makes a kitchen tablet of one store that acts only for the staff member whose PIN was entered", async () => {
    const db = database.db;
    const manager = (await m.users.findUserByEmail(db, "chef@example.com"))!;
    const cookId = await m.users.createUser(db, { name: "Ana", role: "kitchen", storeIds: ["s1"], pin: "4321" });
    const sid = await m.sessions.createSession(db, manager.id);
    await m.sessions.makeDevice(db, sid, "s1");

    const tablet = (await m.sessions.loadViewer(db, sid))!;
    expect(tablet).toMatchObject({ role: "kitchen", storeIds: ["s1"], deviceStoreId: "s1", staff: null });
    expect(m.sessions.actorName(tablet)).toBeNull();

    expect(await m.users.findByPin(db, ["s2"], "4321")).toBeUndefined();
    expect(await m.users.findByPin(db, ["s1"], "0000")).toBeUndefined();
    const cook = await m.users.findByPin(db, ["s1"], "4321");
    expect(cook).toEqual({ id: cookId, name: "Ana" });
    await m.sessions.setStaff(db, sid, cookId);
    expect(m.sessions.actorName((await m.sessions.loadViewer(db, sid))!)).toBe("Ana");

    // PINs are unique within a store.
    await expect(
      m.users.createUser(db, { name: "Bia", role: "kitchen", storeIds: ["s1"], pin: "4321" }),
    ).rejects.toThrow();
  });

  it("limits wrong PINs per account and per store, across sessions: signing in again resets nothing", async () => {
    const db = database.db;
    await m.users.createUser(db, { name: "Caio", role: "kitchen", storeIds: ["p1"], pin: "1111" });
    const code = (promise: Promise<unknown>) =>
      promise.then(
        () => "ok",
        (error: { code?: string }) => error.code,
      );
    const tablet = async (email: string) => {
      const existing = await m.users.findUserByEmail(db, email);
      const id =
        existing?.id ??
        (await m.users.createUser(db, { email, name: email, role: "manager", password: "pw", storeIds: ["p1"] }));
      const sid = await m.sessions.createSession(db, id);
      await m.sessions.makeDevice(db, sid, "p1");
      return (await m.sessions.loadViewer(db, sid))!;
    };
    const guess = async (viewer: Awaited<ReturnType<typeof tablet>>, pin: string) =>
      code(m.kitchen.enterPin(db, viewer, ["p1"], pin));

    const first = await tablet("a@pins.test");
    for (let i = 0; i < 10; i++) expect(await guess(first, String(2000 + i))).toBe("forbidden");
    expect(await guess(first, "1111")).toBe("too_many_attempts");
    // A fresh session of the same account (signing the tablet in again) is still locked.
    expect(await guess(await tablet("a@pins.test"), "1111")).toBe("too_many_attempts");

    // Other accounts of the store add up: 30 wrong PINs in the store lock every keypad of it.
    for (const email of ["b@pins.test", "c@pins.test"]) {
      const viewer = await tablet(email);
      for (let i = 0; i < 10; i++) expect(await guess(viewer, String(3000 + i))).toBe("forbidden");
    }
    expect(await guess(await tablet("d@pins.test"), "1111")).toBe("too_many_attempts");
  });

  it("locks a key after the limit of failures within the window, and unlocks after the lock", async () => {
    const db = database.db;
    const limit = { max: 5, windowMs: 15 * 60_000, lockMs: 15 * 60_000 };
    const t0 = new Date("2026-01-01T12:00:00Z");
    for (let i = 0; i < 4; i++) await m.throttle.recordFailure(db, "k", limit, new Date(t0.getTime() + i * 1000));
    expect(await m.throttle.lockedUntil(db, ["k"], new Date(t0.getTime() + 5000))).toBeNull();
    await m.throttle.recordFailure(db, "k", limit, new Date(t0.getTime() + 5000));
    const until = await m.throttle.lockedUntil(db, ["k", "unrelated"], new Date(t0.getTime() + 6000));
    expect(until?.toISOString()).toBe(new Date(t0.getTime() + 5000 + limit.lockMs).toISOString());
    expect(await m.throttle.lockedUntil(db, ["k"], new Date(t0.getTime() + 5000 + limit.lockMs + 1))).toBeNull();

    // Failures spread wider than the window never add up to a lock.
    for (let i = 0; i < 10; i++)
      await m.throttle.recordFailure(db, "slow", limit, new Date(t0.getTime() + i * 16 * 60_000));
    expect(await m.throttle.lockedUntil(db, ["slow"], new Date(t0.getTime() + 9 * 16 * 60_000 + 1))).toBeNull();

    await m.throttle.clearFailures(db, "k");
    expect(await m.throttle.lockedUntil(db, ["k"], new Date(t0.getTime() + 6000))).toBeNull();
  });
});
