import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";

// `npm run backup` asks the running server for the copy (PGlite allows one process per data
// directory). It proves it runs as the server's operator with a token only the server's
// AUTH_SECRET can make (the environment's, or DATA_DIR's file, readable by the server's user
// alone), valid a few minutes around the time it names.

const WINDOW_SECONDS = 300;

function signature(secret: string, seconds: number): string {
  return createHmac("sha256", secret).update(`comanda-backup\u0000${seconds}`).digest("hex");
}

/** The Authorization header's value for a backup request made now. */
export function backupAuthorization(secret: string, now: Date): string {
  const seconds = Math.floor(now.getTime() / 1000);
  return `Bearer backup.${seconds}.${signature(secret, seconds)}`;
}

/** Whether an Authorization header carries a backup token of this secret, made within the window. */
export function backupAuthorized(header: string | null, secret: string, now: Date): boolean {
  const match = /^Bearer backup\.(\d{1,12})\.([0-9a-f]{64})$/.exec(header ?? "");
  if (!match) return false;
  const seconds = Number(match[1]);
  if (Math.abs(now.getTime() / 1000 - seconds) > WINDOW_SECONDS) return false;
  return timingSafeEqual(Buffer.from(match[2]!, "hex"), Buffer.from(signature(secret, seconds), "hex"));
}
