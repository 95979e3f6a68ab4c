import { randomBytes, timingSafeEqual } from "node:crypto";
import type { SandboxState } from "./state";
import type { AccessToken } from "./types";

// OAuth2 client-credentials tokens of the interchange API: opaque, per merchant, persisted with
// the snapshot (a real platform does not forget issued tokens when it restarts).

/** Tokens kept per merchant; older ones are dropped (a client that fetches a token per call). */
const MAX_TOKENS_PER_MERCHANT = 100;

const sameSecret = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

export function issueToken(
  state: SandboxState,
  credentials: { clientId: string; clientSecret: string },
  nowMs: number,
  ttlSeconds: number,
): AccessToken | undefined {
  const merchant = state.merchants.find((m) => m.interchange.clientId === credentials.clientId);
  if (!merchant || !sameSecret(merchant.interchange.clientSecret, credentials.clientSecret)) return undefined;
  for (const [key, token] of state.tokens) if (token.expiresAt <= nowMs) state.tokens.delete(key);
  const mine = [...state.tokens.values()].filter((t) => t.merchantId === merchant.merchantId);
  for (const old of mine.slice(0, Math.max(0, mine.length - MAX_TOKENS_PER_MERCHANT + 1))) state.tokens.delete(old.token);
  const token: AccessToken = {
    token: randomBytes(32).toString("base64url"),
    merchantId: merchant.merchantId,
    clientId: merchant.interchange.clientId,
    expiresAt: nowMs + ttlSeconds * 1000,
  };
  state.tokens.set(token.token, token);
  return token;
}

export function verifyToken(state: SandboxState, token: string, nowMs: number): AccessToken | undefined {
  const found = state.tokens.get(token);
  return found && found.expiresAt > nowMs ? found : undefined;
}
