import { handler } from "@/lib/api/handler";
import { getAuthSecret } from "@/lib/auth/secret";
import { backupResponse } from "@/lib/backup/serve";
import { backupAuthorized } from "@/lib/backup/token";
import { getDatabaseHandle } from "@/lib/db";
import { AppError } from "@/lib/errors";

export const dynamic = "force-dynamic";

/**
 * A consistent copy of this server's database, for `npm run backup` (scripts/backup.ts): with
 * the embedded database only the running server may read it. Authorized by a short-lived token
 * signed with the server's AUTH_SECRET (lib/backup/token.ts), which only its operator can read;
 * no session gives access, an admin's included: the copy holds every password hash and session.
 */
export const POST = handler(async (request) => {
  if (!backupAuthorized(request.headers.get("authorization"), getAuthSecret(), new Date()))
    throw new AppError(
      "unauthorized",
      "A backup needs the token `npm run backup` makes from the server's AUTH_SECRET.",
    );
  return backupResponse(await getDatabaseHandle());
});
