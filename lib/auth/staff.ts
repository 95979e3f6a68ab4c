import "server-only";
import { and, asc, eq, inArray } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { userStores, users } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { hashPassword } from "./password";
import { pinHash } from "./pin";
import { roleAtLeast, type Role } from "@/lib/contract/roles";
import { canSeeStore, revokeUserSessions, setUserDisabled, type Viewer } from "./sessions";
import { clearFailures, locksOf, throttleKey } from "./throttle";
import type { StaffMember } from "@/lib/contract/auth";
import { createUser, findUserByEmail, normalizeEmail, storesOf } from "./users";

/** Everyone who works for one of the viewer's stores (an admin sees everyone). */
export async function listStaff(viewer: Viewer): Promise<StaffMember[]> {
  const db = await getDb();
  const rows = await db
    .select({ user: users, storeId: userStores.storeId, pinHash: userStores.pinHash })
    .from(users)
    .leftJoin(userStores, eq(userStores.userId, users.id))
    .orderBy(asc(users.name));
  const byId = new Map<number, StaffMember>();
  for (const { user, storeId, pinHash: pin } of rows) {
    const member = byId.get(user.id) ?? {
      id: user.id,
      name: user.name,
      email: user.email,
      role: user.role,
      storeIds: [],
      disabled: !!user.disabledAt,
      hasPin: false,
      lockedUntil: null,
    };
    if (storeId) member.storeIds.push(storeId);
    if (pin) member.hasPin = true;
    byId.set(user.id, member);
  }
  const visible = [...byId.values()].filter(
    (member) => viewer.storeIds === "all" || member.storeIds.some((id) => canSeeStore(viewer, id)),
  );
  const locks = await locksOf(db, visible.flatMap(personalThrottleKeys));
  for (const member of visible) {
    const until = Math.max(0, ...personalThrottleKeys(member).map((key) => locks.get(key)?.getTime() ?? 0));
    member.lockedUntil = until > 0 ? new Date(until).toISOString() : null;
  }
  return visible;
}

/** The limits that count one person's wrong guesses: their sign-in and their account's PIN keypad. */
function personalThrottleKeys(member: { id: number; email: string | null }): string[] {
  const keys = [throttleKey.pinAccount(member.id)];
  if (member.email) keys.push(throttleKey.signInAccount(normalizeEmail(member.email)));
  return keys;
}

/** The stores of a user, for the store check of staff routes (every one must be the viewer's). */
export async function storesOfStaff(userId: number): Promise<string[]> {
  const db = await getDb();
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!user) throw new AppError("not_found", "There is no such staff member.");
  return storesOf(db, userId);
}

/** Managers manage kitchen staff; only an admin creates or changes managers and admins. */
function assertMayManage(viewer: Viewer, role: string): void {
  const target = (["kitchen", "manager", "admin"] as const).find((r) => r === role) ?? "admin";
  if (target !== "kitchen" && !roleAtLeast(viewer.role, "admin")) {
    throw new AppError("forbidden", "Only an admin can manage managers and admins.");
  }
}

export interface NewStaff {
  name: string;
  role: Role;
  storeId: string;
  pin?: string;
  email?: string;
  password?: string;
}

/** The page words a taken PIN in the viewer's language from this reason (the sentence is for logs and API clients). */
const PIN_TAKEN = { field: "pin", reason: "pinTaken" };

export async function addStaff(viewer: Viewer, input: NewStaff): Promise<number> {
  assertMayManage(viewer, input.role);
  const db = await getDb();
  if (input.email && (await findUserByEmail(db, input.email))) {
    throw new AppError("already_done", "Someone already uses this email.", undefined, {
      field: "email",
      reason: "emailTaken",
    });
  }
  try {
    return await createUser(db, { ...input, storeIds: [input.storeId] });
  } catch (error) {
    // The unique index on (store, PIN hash): the PIN is someone else's here.
    throw new AppError("already_done", "Choose another PIN: this one is taken in this store.", error, PIN_TAKEN);
  }
}

export interface StaffChange {
  disabled?: boolean;
  pin?: string;
  password?: string;
  unlock?: true;
}

export async function changeStaff(viewer: Viewer, userId: number, change: StaffChange): Promise<void> {
  const db = await getDb();
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new AppError("not_found", "There is no such staff member.");
  assertMayManage(viewer, user.role);
  if (user.id === viewer.userId && change.disabled)
    throw new AppError("action_not_allowed", "You cannot disable your own account.");
  if (change.disabled !== undefined) await setUserDisabled(db, userId, change.disabled);
  if (change.password) {
    await db
      .update(users)
      .set({ passwordHash: await hashPassword(change.password) })
      .where(eq(users.id, userId));
    // A reset is often because the old one leaked: whoever holds a session with it is signed out.
    await revokeUserSessions(db, userId);
  }
  if (change.unlock) {
    // The manager vouches for this person: their own locks go, and so do the keypads of their
    // stores (locked by guesses over all tablets), which the manager manages anyway.
    const stores = await storesOf(db, userId);
    await clearFailures(db, ...personalThrottleKeys(user), ...stores.map(throttleKey.pinStore));
  }
  if (change.pin) {
    const storeIds = await storesOf(db, userId);
    try {
      for (const storeId of storeIds) {
        await db
          .update(userStores)
          .set({ pinHash: pinHash(storeId, change.pin) })
          .where(and(eq(userStores.userId, userId), inArray(userStores.storeId, [storeId])));
      }
    } catch (error) {
      throw new AppError("already_done", "Choose another PIN: this one is taken in this store.", error, PIN_TAKEN);
    }
  }
}
