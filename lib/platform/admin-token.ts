import "server-only";
import { z } from "zod";
import { PlatformError, platformFetch } from "@/lib/open-delivery/http";
import type { AdminCredentials } from "@/lib/stores/config";
import type { RefreshTokenStore, StoredRefreshToken } from "./refresh-token-store";
import { serviceErrorCode, serviceHeaders, serviceTokenSchema, type ServiceIdentity } from "./service-http";

/** The platform's refresh tokens last 31 full days (platform-interfaces.md, "Lifetimes"). */
export const REFRESH_TOKEN_TTL_MS = 31 * 24 * 3600 * 1000;
/** Stop using a refresh token this long before it dies: a refused refresh costs a password grant. */
const REFRESH_MARGIN_MS = 3600 * 1000;
/** Renew access tokens this long before expiry (at most a tenth of their life). */
const ACCESS_MARGIN_MS = 60_000;
const DEFAULT_ACCESS_TTL_SECONDS = 21_600;

export interface AdminTokenOptions {
  baseUrl: string;
  serviceId: string;
  credentials: AdminCredentials;
  timeoutMs: number;
  refreshTokens: RefreshTokenStore;
  now?: () => number;
}

/** Which grant produced the current token (for logs and tests). */
export type AdminGrant = "password" | "refresh_token";

/**
 * The admin API's tokens for one store: a password grant once, then refresh_token grants. The
 * refresh token works once, so every rotation is persisted BEFORE the new access token is used,
 * and a restarted process continues the chain from the stored token. Concurrent callers share
 * one token request: two refreshes with one single-use token would spend it twice.
 */
export class AdminTokenManager {
  private access: { value: string; expiresAt: number } | undefined;
  /** A rotated refresh token that could not be persisted yet: it is the only valid one. */
  private unsaved: StoredRefreshToken | undefined;
  private pending: Promise<string> | undefined;
  private readonly now: () => number;
  private readonly identity: ServiceIdentity;
  lastGrant: AdminGrant | undefined;

  constructor(private readonly options: AdminTokenOptions) {
    this.now = options.now ?? Date.now;
    this.identity = { baseUrl: options.baseUrl, serviceId: options.serviceId, clientId: options.credentials.clientId };
  }

  get serviceIdentity(): ServiceIdentity {
    return this.identity;
  }

  async get(): Promise<string> {
    if (this.access && this.access.expiresAt > this.now()) return this.access.value;
    this.pending ??= this.obtain().finally(() => {
      this.pending = undefined;
    });
    return this.pending;
  }

  /** The platform refused the access token (401): the next get() refreshes. */
  invalidate(rejected?: string): void {
    if (rejected === undefined || this.access?.value === rejected) this.access = undefined;
  }

  private async obtain(): Promise<string> {
    if (this.unsaved) await this.persist(this.unsaved);
    const stored = await this.options.refreshTokens.load();
    if (stored && stored.expiresAt.getTime() - REFRESH_MARGIN_MS > this.now()) {
      try {
        return await this.grant("refresh_token", { refresh_token: stored.token });
      } catch (error) {
        // Refused (used elsewhere, expired early, revoked): start a new chain with the password.
        // Anything else (timeout, 5xx) is not a verdict on the token: keep it and fail this call.
        if (serviceErrorCode(error) !== "invalid_grant") throw error;
        await this.options.refreshTokens.clear(stored.version);
      }
    }
    const { username, password } = this.options.credentials;
    return this.grant("password", { username, password });
  }

  private async grant(grantType: AdminGrant, fields: Record<string, string>): Promise<string> {
    const { credentials, baseUrl, timeoutMs } = this.options;
    const response = await platformFetch(`${baseUrl}/admin-api/token`, {
      method: "POST",
      headers: serviceHeaders(this.identity),
      body: JSON.stringify({ grant_type: grantType, client_id: credentials.clientId, client_secret: credentials.clientSecret, ...fields }),
      timeoutMs,
    });
    if (!response.ok) throw await PlatformError.from(response, `admin ${grantType} grant`);
    const parsed = serviceTokenSchema.safeParse(await response.json().catch(() => undefined));
    if (!parsed.success) {
      throw new PlatformError("The admin API's token response is malformed", response.status, z.prettifyError(parsed.error));
    }
    const issuedAt = this.now();
    if (parsed.data.refresh_token) {
      await this.persist({ token: parsed.data.refresh_token, expiresAt: new Date(issuedAt + REFRESH_TOKEN_TTL_MS) });
    }
    const ttlMs = (parsed.data.expires_in ?? DEFAULT_ACCESS_TTL_SECONDS) * 1000;
    this.access = { value: parsed.data.access_token, expiresAt: issuedAt + ttlMs - Math.min(ACCESS_MARGIN_MS, ttlMs / 10) };
    this.lastGrant = grantType;
    return this.access.value;
  }

  /** Writes the rotated token; if the write fails, keeps it in memory and fails this call. */
  private async persist(token: StoredRefreshToken): Promise<void> {
    try {
      await this.options.refreshTokens.save(token);
      this.unsaved = undefined;
    } catch (error) {
      this.unsaved = token;
      throw error;
    }
  }
}
