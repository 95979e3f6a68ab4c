import "server-only";
import type { Database } from "@/lib/db";
import { verifyPassword } from "./password";
import { createSession } from "./sessions";
import { clearFailures, LIMITS, lockedUntil, recordFailure, throttleKey } from "./throttle";
import { findUserByEmail, normalizeEmail } from "./users";

/** What the sign-in page shows for each failure; none says whether the account exists. */
export const SIGN_IN_ERRORS = { invalid: "CredentialsSignin", locked: "TooManyAttempts" } as const;

/**
 * Checks an email and password against the per-account limit and, when the client's address is
 * known (lib/auth/options.ts, clientAddress), the per-address one. Answers the new session, null
 * for wrong credentials, or throws SIGN_IN_ERRORS.locked.
 */
export async function checkCredentials(
  db: Database,
  credentials: { email: string; password: string },
  address: string | null,
): Promise<{ id: string; name: string; email: string | null; sid: string } | null> {
  const email = normalizeEmail(credentials.email);
  const accountKey = throttleKey.signInAccount(email);
  const addressKey = address === null ? null : throttleKey.signInAddress(address);
  const keys = addressKey === null ? [accountKey] : [accountKey, addressKey];
  if (await lockedUntil(db, keys)) throw new Error(SIGN_IN_ERRORS.locked);

  const user = await findUserByEmail(db, email);
  const ok = await verifyPassword(user?.passwordHash, credentials.password);
  if (!user || !ok || user.disabledAt) {
    await recordFailure(db, accountKey, LIMITS.account);
    if (addressKey !== null) await recordFailure(db, addressKey, LIMITS.address);
    return null;
  }
  await clearFailures(db, accountKey);
  const sid = await createSession(db, user.id);
  return { id: String(user.id), name: user.name, email: user.email, sid };
}
