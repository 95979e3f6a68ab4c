import { randomBytes, timingSafeEqual } from "node:crypto";
import { SandboxError } from "./errors";
import type { SandboxState } from "./state";
import type { AccessToken, Merchant, RefreshToken, TokenKind } from "./types";

// Access tokens of the three APIs (opaque, per merchant, persisted with the snapshot) and the
// refresh tokens of the admin and store APIs: single use, 31 days (the platform document).
// Expiry is measured on the sandbox clock, so POST /control/clock expires them.

export const REFRESH_TTL_SECONDS = 31 * 24 * 3600;

/** Access (and refresh) tokens kept per merchant and kind; older ones are dropped (a client that fetches a token per call). */
const MAX_TOKENS = { interchange: 100, admin: 500, store: 500 } as const;

/** A 4xx of the admin and store APIs, which answer `{status: "error", error: {code, message}}`. */
export class TokenError extends SandboxError {
  constructor(
    status: number,
    readonly code: string,
    readonly message: string,
  ) {
    super(status, message);
  }
}

export const sameSecret = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

const kindOf = (token: { kind?: TokenKind }): TokenKind => token.kind ?? "interchange";

function prune(state: SandboxState, merchantId: string, kind: TokenKind, nowMs: number) {
  for (const [key, token] of state.tokens) if (token.expiresAt <= nowMs) state.tokens.delete(key);
  for (const [key, token] of state.refreshTokens) if (token.expiresAt <= nowMs) state.refreshTokens.delete(key);
  const mine = [...state.tokens.values()].filter((t) => t.merchantId === merchantId && kindOf(t) === kind);
  for (const old of mine.slice(0, Math.max(0, mine.length - MAX_TOKENS[kind] + 1))) state.tokens.delete(old.token);
  if (kind === "interchange") return;
  const refresh = [...state.refreshTokens.values()].filter((t) => t.merchantId === merchantId && t.kind === kind);
  for (const old of refresh.slice(0, Math.max(0, refresh.length - MAX_TOKENS[kind] + 1)))
    state.refreshTokens.delete(old.token);
}

const newTokenValue = () => randomBytes(32).toString("base64url");

/** An interchange token for a merchant's own credentials or for an integrator's (covering its merchants). */
export function issueToken(
  state: SandboxState,
  credentials: { clientId: string; clientSecret: string },
  nowMs: number,
  ttlSeconds: number,
): AccessToken | undefined {
  const merchant = state.merchants.find((m) => m.interchange.clientId === credentials.clientId);
  const integrator = merchant ? undefined : state.integrators.find((i) => i.clientId === credentials.clientId);
  const expected = merchant?.interchange.clientSecret ?? integrator?.clientSecret;
  if (expected === undefined || !sameSecret(expected, credentials.clientSecret)) return undefined;
  const holder = merchant ? merchant.merchantId : `integrator:${credentials.clientId}`;
  prune(state, holder, "interchange", nowMs);
  const token: AccessToken = {
    token: newTokenValue(),
    kind: "interchange",
    merchantId: holder,
    clientId: credentials.clientId,
    expiresAt: nowMs + ttlSeconds * 1000,
  };
  if (integrator) token.merchantIds = [...integrator.merchantIds];
  state.tokens.set(token.token, token);
  return token;
}

/** The merchants an interchange token speaks for. */
export const coveredMerchants = (token: AccessToken): readonly string[] => token.merchantIds ?? [token.merchantId];

export type ServiceGrant = { kind: "admin" | "store"; merchant: Merchant; customerId?: number; withRefresh: boolean };

/** An admin or store token (and a refresh token for the password and refresh_token grants). */
export function issueServiceToken(state: SandboxState, grant: ServiceGrant, nowMs: number, ttlSeconds: number) {
  const { kind, merchant, customerId } = grant;
  prune(state, merchant.merchantId, kind, nowMs);
  const clientId = merchant[kind].clientId;
  const access: AccessToken = {
    token: newTokenValue(),
    kind,
    merchantId: merchant.merchantId,
    clientId,
    expiresAt: nowMs + ttlSeconds * 1000,
  };
  if (customerId !== undefined) access.customerId = customerId;
  state.tokens.set(access.token, access);
  if (!grant.withRefresh) return { access };
  const refresh: RefreshToken = {
    ...access,
    kind,
    token: newTokenValue(),
    expiresAt: nowMs + REFRESH_TTL_SECONDS * 1000,
  };
  state.refreshTokens.set(refresh.token, refresh);
  return { access, refresh };
}

/** Spends a refresh token: it works once, for the client and store it was issued to. */
export function redeemRefreshToken(
  state: SandboxState,
  kind: "admin" | "store",
  value: string,
  merchant: Merchant,
  nowMs: number,
) {
  const found = state.refreshTokens.get(value);
  if (!found || found.kind !== kind || found.merchantId !== merchant.merchantId || found.expiresAt <= nowMs)
    return undefined;
  state.refreshTokens.delete(value);
  return found;
}

export function verifyToken(
  state: SandboxState,
  token: string,
  nowMs: number,
  kind: TokenKind = "interchange",
): AccessToken | undefined {
  const found = state.tokens.get(token);
  return found && found.expiresAt > nowMs && kindOf(found) === kind ? found : undefined;
}

/** The revokeTokens fault: every access and refresh token issued so far stops working. */
export function revokeAllTokens(state: SandboxState): number {
  const count = state.tokens.size + state.refreshTokens.size;
  state.tokens.clear();
  state.refreshTokens.clear();
  return count;
}

type HeaderSource = { get(name: string): string | null | undefined };

/**
 * The headers every admin and store API call carries, token creation included: X-Service-ID
 * names the store (400 when missing, 404 when unknown), X-Service-Client-Id the integration.
 */
export function serviceStore(state: SandboxState, headers: HeaderSource): { merchant: Merchant; clientId: string } {
  const serviceId = headers.get("x-service-id")?.trim();
  if (!serviceId) throw new TokenError(400, "invalid_request", "The X-Service-ID header is required");
  const clientId = headers.get("x-service-client-id")?.trim();
  if (!clientId) throw new TokenError(400, "invalid_request", "The X-Service-Client-Id header is required");
  const merchant = state.merchants.find((m) => m.serviceId === serviceId);
  if (!merchant) throw new TokenError(404, "store_not_found", `No store has X-Service-ID ${serviceId}`);
  return { merchant, clientId };
}

export type ServiceCaller = { storeId: string; serviceId: string; customerId?: number; token: AccessToken };

/** Checks an admin or store API call: headers, bearer token of that API, token of that store. */
export function verifyServiceCall(
  source: { state: SandboxState; clock: { nowMs(): number } },
  headers: HeaderSource,
  kind: "admin" | "store",
): ServiceCaller {
  const { merchant, clientId } = serviceStore(source.state, headers);
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(headers.get("authorization") ?? "")?.[1];
  if (!bearer) throw new TokenError(401, "unauthorized", "Missing bearer access token");
  const token = verifyToken(source.state, bearer, source.clock.nowMs(), kind);
  if (!token) throw new TokenError(401, "invalid_token", "Invalid, expired or revoked access token");
  if (token.merchantId !== merchant.merchantId)
    throw new TokenError(403, "forbidden", "This token was issued for another store");
  if (token.clientId !== clientId)
    throw new TokenError(401, "invalid_client", "X-Service-Client-Id does not match the token's client");
  const caller: ServiceCaller = { storeId: merchant.merchantId, serviceId: merchant.serviceId, token };
  if (token.customerId !== undefined) caller.customerId = token.customerId;
  return caller;
}

/** For the store API routes: `{storeId (merchantId), serviceId, customerId?}` or a TokenError. */
export const verifyStoreApiToken = (
  source: { state: SandboxState; clock: { nowMs(): number } },
  headers: HeaderSource,
) => verifyServiceCall(source, headers, "store");

export const verifyAdminApiToken = (
  source: { state: SandboxState; clock: { nowMs(): number } },
  headers: HeaderSource,
) => verifyServiceCall(source, headers, "admin");
