import "server-only";
import { and, eq, inArray, isNull } from "drizzle-orm";
import type { Database } from "@/lib/db";
import { userStores, users } from "@/lib/db/schema";
import { hashPassword } from "./password";
import { pinHash } from "./pin";
import type { Role } from "@/lib/contract/roles";

export interface NewUser {
  email?: string | null;
  name: string;
  role: Role;
  password?: string | null;
  /** Stores the user works for; for a PIN, the PIN applies in each of them. */
  storeIds?: readonly string[];
  pin?: string | null;
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function findUserByEmail(db: Database, email: string) {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(users.email, normalizeEmail(email)));
  return user;
}

/** Creates a user with their stores (and PIN). Throws on a duplicate email or PIN in a store. */
export async function createUser(db: Database, input: NewUser): Promise<number> {
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(users)
      .values({
        email: input.email ? normalizeEmail(input.email) : null,
        name: input.name,
        role: input.role,
        passwordHash,
      })
      .returning({ id: users.id });
    const id = row!.id;
    const storeIds = input.storeIds ?? [];
    if (storeIds.length > 0) {
      await tx
        .insert(userStores)
        .values(
          storeIds.map((storeId) => ({ userId: id, storeId, pinHash: input.pin ? pinHash(storeId, input.pin) : null })),
        );
    }
    return id;
  });
}

/** Adds store memberships a user does not have yet (idempotent). */
export async function addStores(
  db: Database,
  userId: number,
  storeIds: readonly string[],
  pin?: string,
): Promise<void> {
  if (storeIds.length === 0) return;
  await db
    .insert(userStores)
    .values(storeIds.map((storeId) => ({ userId, storeId, pinHash: pin ? pinHash(storeId, pin) : null })))
    .onConflictDoNothing();
}

export async function storesOf(db: Database, userId: number): Promise<string[]> {
  const rows = await db.select({ storeId: userStores.storeId }).from(userStores).where(eq(userStores.userId, userId));
  return rows.map((row) => row.storeId);
}

/** The enabled staff member whose PIN this is in one of these stores, if any. */
export async function findByPin(db: Database, storeIds: readonly string[], pin: string) {
  if (storeIds.length === 0) return undefined;
  const hashes = storeIds.map((storeId) => pinHash(storeId, pin));
  const [row] = await db
    .select({ id: users.id, name: users.name })
    .from(userStores)
    .innerJoin(users, eq(users.id, userStores.userId))
    .where(
      and(inArray(userStores.storeId, [...storeIds]), inArray(userStores.pinHash, hashes), isNull(users.disabledAt)),
    )
    .limit(1);
  return row;
}
