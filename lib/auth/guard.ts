import "server-only";
import { decode } from "next-auth/jwt";
import { getDb } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { sessionCookieName } from "./options";
import { roleAtLeast, type Role } from "@/lib/contract/roles";
import { getAuthSecret } from "./secret";
import { canSeeStore, loadViewer, type Viewer } from "./sessions";

export interface Requirement {
  /** The least role allowed. */
  role: Role;
}

function readCookie(header: string | null, name: string): string | undefined {
  for (const part of (header ?? "").split(";")) {
    const index = part.indexOf("=");
    if (index > 0 && part.slice(0, index).trim() === name) return decodeURIComponent(part.slice(index + 1).trim());
  }
  return undefined;
}

/**
 * The session id a request's cookie names, if the cookie is ours (signed and encrypted with
 * AUTH_SECRET), without asking the database whether the session is still live.
 */
export async function sessionIdFromHeaders(headers: Headers): Promise<string | null> {
  const cookieHeader = headers.get("cookie");
  const token = readCookie(cookieHeader, sessionCookieName(true)) ?? readCookie(cookieHeader, sessionCookieName(false));
  if (!token) return null;
  const payload = await decode({ token, secret: getAuthSecret() }).catch(() => null);
  const sid = payload?.sid;
  return typeof sid === "string" ? sid : null;
}

/** The viewer behind a request's session cookie, or null (no cookie, bad cookie, ended session). */
export async function viewerFromHeaders(headers: Headers): Promise<Viewer | null> {
  const sid = await sessionIdFromHeaders(headers);
  return sid ? loadViewer(await getDb(), sid) : null;
}

/** 401 without a session, 403 without the role: the one check every guarded entry point makes. */
export function assertAllowed(viewer: Viewer | null, requirement: Requirement): Viewer {
  if (!viewer) throw new AppError("unauthorized", "Sign in to continue.");
  if (!roleAtLeast(viewer.role, requirement.role)) {
    throw new AppError("forbidden", "Your account does not have access to this. Ask a manager.");
  }
  return viewer;
}

/** 403 unless the viewer works for this store. */
export function assertStore(viewer: Viewer, storeId: string): void {
  if (!canSeeStore(viewer, storeId))
    throw new AppError("forbidden", "This belongs to a store your account does not have access to.");
}
