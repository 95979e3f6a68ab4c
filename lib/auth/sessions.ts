import "server-only";
import { randomBytes } from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { Database } from "@/lib/db";
import { authSessions, users } from "@/lib/db/schema";
import { endStreams } from "@/lib/realtime/session-ends";
import { isRole, type Role } from "@/lib/contract/roles";
import { storesOf } from "./users";

const HOUR = 3_600_000;
/** A person's session lasts a long shift; they sign in again the next day. */
export const PERSONAL_SESSION_MS = 12 * HOUR;
/** A kitchen tablet stays signed in for a month; staff identify with their PIN. */
export const DEVICE_SESSION_MS = 30 * 24 * HOUR;

/** Who is asking, as every guarded page, route and stream sees it. */
export interface Viewer {
  sessionId: string;
  userId: number;
  name: string;
  role: Role;
  /** The stores this viewer may see and act on; "all" for an admin. */
  storeIds: readonly string[] | "all";
  /** Set when this session is a kitchen tablet of one store. */
  deviceStoreId: string | null;
  /** The staff member who entered their PIN last, on a tablet or a shared kitchen account. */
  staff: { id: number; name: string } | null;
}

export async function createSession(db: Database, userId: number, now = new Date()): Promise<string> {
  const id = randomBytes(24).toString("base64url");
  await db
    .insert(authSessions)
    .values({ id, userId, createdAt: now, expiresAt: new Date(now.getTime() + PERSONAL_SESSION_MS) });
  return id;
}

export async function revokeSession(db: Database, sessionId: string): Promise<void> {
  await db.update(authSessions).set({ revokedAt: new Date() }).where(eq(authSessions.id, sessionId));
  endStreams({ sessionId });
}

/** Disables (or enables) a user: their sessions stop at the next request, their open streams now. */
export async function setUserDisabled(db: Database, userId: number, disabled: boolean): Promise<void> {
  await db
    .update(users)
    .set({ disabledAt: disabled ? new Date() : null })
    .where(eq(users.id, userId));
  if (disabled) endStreams({ userId });
}

/** Signs a user out everywhere: every session revoked, every open stream of theirs closed. */
export async function revokeUserSessions(db: Database, userId: number): Promise<void> {
  await db
    .update(authSessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(authSessions.userId, userId), isNull(authSessions.revokedAt)));
  endStreams({ userId });
}

/** The viewer of a live session (not revoked, not expired, user enabled), or null. */
export async function loadViewer(db: Database, sessionId: string, now = new Date()): Promise<Viewer | null> {
  const [row] = await db
    .select({ session: authSessions, user: users })
    .from(authSessions)
    .innerJoin(users, eq(users.id, authSessions.userId))
    .where(
      and(
        eq(authSessions.id, sessionId),
        isNull(authSessions.revokedAt),
        gt(authSessions.expiresAt, now),
        isNull(users.disabledAt),
      ),
    );
  if (!row) return null;
  const { session, user } = row;
  const role = user.role;
  if (!isRole(role)) return null;

  let staff: Viewer["staff"] = null;
  if (session.staffUserId !== null) {
    const [member] = await db
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(and(eq(users.id, session.staffUserId), isNull(users.disabledAt)));
    staff = member ?? null;
  }

  if (session.deviceStoreId !== null) {
    // A tablet is a kitchen of one store, whoever signed it in.
    return {
      sessionId: session.id,
      userId: user.id,
      name: user.name,
      role: "kitchen",
      storeIds: [session.deviceStoreId],
      deviceStoreId: session.deviceStoreId,
      staff,
    };
  }
  const storeIds = role === "admin" ? "all" : await storesOf(db, user.id);
  return { sessionId: session.id, userId: user.id, name: user.name, role, storeIds, deviceStoreId: null, staff };
}

/** Turns a manager's session into a kitchen tablet of one store (which ends their own rights on it). */
export async function makeDevice(db: Database, sessionId: string, storeId: string, now = new Date()): Promise<void> {
  await db
    .update(authSessions)
    .set({ deviceStoreId: storeId, staffUserId: null, expiresAt: new Date(now.getTime() + DEVICE_SESSION_MS) })
    .where(eq(authSessions.id, sessionId));
}

export async function setStaff(db: Database, sessionId: string, staffUserId: number | null): Promise<void> {
  await db.update(authSessions).set({ staffUserId }).where(eq(authSessions.id, sessionId));
}

/** The stores a query about orders is limited to: undefined when the viewer sees every store. */
export function storeScope(viewer: Viewer): readonly string[] | undefined {
  return viewer.storeIds === "all" ? undefined : viewer.storeIds;
}

export function canSeeStore(viewer: Pick<Viewer, "storeIds">, storeId: string): boolean {
  return viewer.storeIds === "all" || viewer.storeIds.includes(storeId);
}

/** The name recorded with an action: the PIN's staff member, else the signed-in person (not a tablet). */
export function actorName(viewer: Viewer): string | null {
  if (viewer.staff) return viewer.staff.name;
  return viewer.deviceStoreId ? null : viewer.name;
}
