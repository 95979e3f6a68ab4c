import "server-only";
import { createHmac } from "node:crypto";
import { getAuthSecret } from "./secret";

/**
 * A PIN's stored form: a keyed HMAC of store and PIN. A 4-digit PIN has 10 000 values, so a slow
 * hash would not protect it offline anyway; the key (AUTH_SECRET) does, and the online guessing
 * is rate-limited. Keyed and deterministic, it can be looked up and kept unique per store.
 * Rotating AUTH_SECRET therefore invalidates PINs (managers set them again).
 */
export function pinHash(storeId: string, pin: string): string {
  return createHmac("sha256", getAuthSecret()).update(`pin\u0000${storeId}\u0000${pin}`).digest("base64url");
}
