import "server-only";
import { z } from "zod";
import { PlatformError, platformProblem } from "./errors";
import { platformFetch } from "./transport";

export interface StoredRefreshToken {
  token: string;
  expiresAt: Date;
  /** The stored form it was read from, so a clear does not wipe a newer rotation. */
  version?: string;
}

/**
 * Where a store's admin refresh token lives between rotations (and restarts); lib/stores keeps it in
 * the database.
 */
export interface RefreshTokenStore {
  load(): Promise<StoredRefreshToken | null>;
  save(token: StoredRefreshToken): Promise<void>;
  /** Forgets the token; with `version`, only if it is still that one (another process may have rotated it). */
  clear(version?: string): Promise<void>;
  /**
   * Runs a rotation (load, refresh, save) while no other instance runs one for this store: the
   * refresh token works once, so two instances refreshing with the same one would lose the chain.
   */
  exclusive<T>(rotation: () => Promise<T>): Promise<T>;
}

/** The token operation's answer, the same on the interchange, admin and store APIs. */
export const tokenResponseSchema = z.object({
  access_token: z.string().min(1),
  token_type: z.string().optional(),
  refresh_token: z.string().min(1).optional(),
  expires_in: z.coerce.number().positive().optional(),
});

export type Grant = "client_credentials" | "password" | "refresh_token";

/** Where and how one API hands out tokens. */
export interface TokenEndpoint {
  /** Names the API in error messages ("interchange", "admin API", "store API"). */
  name: string;
  url: string;
  /** The interchange's OAuth operation takes a form; the admin and store APIs take JSON. */
  format: "form" | "json";
  /** The admin and store APIs' service headers (the interchange has none). */
  headers?: Record<string, string>;
  clientId: string;
  clientSecret: string;
  timeoutMs: number;
  /** Used when the platform omits expires_in (the standard makes it optional). */
  defaultTtlSeconds: number;
  /** Open Delivery 2.0's explicit scopes (space-separated, e.g. "od.orders"); 1.x sends none. */
  scope?: string;
}

export interface IssuedToken {
  accessToken: string;
  refreshToken: string | undefined;
  ttlMs: number;
}

/** One grant at the endpoint, without caching (the connection check asks exactly once). */
export async function requestToken(
  endpoint: TokenEndpoint,
  grant: Grant,
  fields: Record<string, string> = {},
): Promise<IssuedToken> {
  const form = {
    grant_type: grant,
    client_id: endpoint.clientId,
    client_secret: endpoint.clientSecret,
    ...(endpoint.scope ? { scope: endpoint.scope } : {}),
    ...fields,
  };
  const json = endpoint.format === "json";
  const response = await platformFetch(endpoint.url, {
    method: "POST",
    headers: { ...endpoint.headers, "content-type": json ? "application/json" : "application/x-www-form-urlencoded" },
    body: json ? JSON.stringify(form) : new URLSearchParams(form),
    timeoutMs: endpoint.timeoutMs,
  });
  if (!response.ok) throw await PlatformError.from(response, `${endpoint.name} ${grant} grant`);
  const parsed = tokenResponseSchema.safeParse(await response.json().catch(() => undefined));
  if (!parsed.success) {
    throw new PlatformError(
      `The ${endpoint.name} token response is malformed`,
      response.status,
      z.prettifyError(parsed.error),
    );
  }
  const ttlSeconds = parsed.data.expires_in ?? endpoint.defaultTtlSeconds;
  return { accessToken: parsed.data.access_token, refreshToken: parsed.data.refresh_token, ttlMs: ttlSeconds * 1000 };
}

/** Renew access tokens this long before expiry (at most a tenth of their life), so none dies mid-request. */
const ACCESS_MARGIN_MS = 60_000;
/** The platform's refresh tokens last 31 full days (platform-interfaces.md, "Lifetimes"). */
const REFRESH_TOKEN_TTL_MS = 31 * 24 * 3600 * 1000;
/** Stop using a refresh token this long before it dies: a refused refresh costs a password grant. */
const REFRESH_MARGIN_MS = 3600 * 1000;

export interface TokenSourceOptions {
  endpoint: TokenEndpoint;
  /** The admin API's login: password grants (then refresh_token grants) instead of client_credentials. */
  login?: { username: string; password: string; refreshTokens: RefreshTokenStore };
  now?: () => number;
}

/**
 * One API's access token, reused until shortly before it expires; concurrent callers share one
 * token request. With a login (admin API) it is a password grant once, then refresh_token
 * grants: the refresh token works once, so every rotation is persisted BEFORE the new access
 * token is used, and a restarted process continues the chain from the stored token (two
 * refreshes with one single-use token would spend it twice).
 */
export class TokenSource {
  private access: { value: string; expiresAt: number } | undefined;
  /** A rotated refresh token that could not be persisted yet: it is the only valid one. */
  private unsaved: StoredRefreshToken | undefined;
  private pending: Promise<string> | undefined;
  private readonly now: () => number;
  /** Which grant produced the current token (for logs and tests). */
  lastGrant: Grant | undefined;

  constructor(private readonly options: TokenSourceOptions) {
    this.now = options.now ?? Date.now;
  }

  async get(): Promise<string> {
    if (this.access && this.access.expiresAt > this.now()) return this.access.value;
    this.pending ??= this.obtain().finally(() => {
      this.pending = undefined;
    });
    return this.pending;
  }

  /** The platform refused this token (401): the next get() takes a new one, unless another caller already did. */
  invalidate(rejected: string): void {
    if (this.access?.value === rejected) this.access = undefined;
  }

  private async obtain(): Promise<string> {
    const { login } = this.options;
    if (!login) return this.grant("client_credentials");
    // One rotation at a time across instances: the next one loads the token this one saved.
    return login.refreshTokens.exclusive(() => this.rotate(login));
  }

  private async rotate(login: NonNullable<TokenSourceOptions["login"]>): Promise<string> {
    if (this.unsaved) await this.persist(login.refreshTokens, this.unsaved);
    const stored = await login.refreshTokens.load();
    if (stored && stored.expiresAt.getTime() - REFRESH_MARGIN_MS > this.now()) {
      try {
        return await this.grant("refresh_token", { refresh_token: stored.token });
      } catch (error) {
        // Refused (used elsewhere, expired early, revoked): start a new chain with the password.
        // Anything else (timeout, 5xx) is not a verdict on the token: keep it and fail this call.
        if (platformProblem(error)?.code !== "invalid_grant") throw error;
        await login.refreshTokens.clear(stored.version);
      }
    }
    return this.grant("password", { username: login.username, password: login.password });
  }

  private async grant(grant: Grant, fields: Record<string, string> = {}): Promise<string> {
    const issued = await requestToken(this.options.endpoint, grant, fields);
    const issuedAt = this.now();
    const refreshTokens = this.options.login?.refreshTokens;
    if (issued.refreshToken && refreshTokens) {
      await this.persist(refreshTokens, {
        token: issued.refreshToken,
        expiresAt: new Date(issuedAt + REFRESH_TOKEN_TTL_MS),
      });
    }
    this.access = {
      value: issued.accessToken,
      expiresAt: issuedAt + issued.ttlMs - Math.min(ACCESS_MARGIN_MS, issued.ttlMs / 10),
    };
    this.lastGrant = grant;
    return this.access.value;
  }

  /** Writes the rotated token; if the write fails, keeps it in memory and fails this call. */
  private async persist(store: RefreshTokenStore, token: StoredRefreshToken): Promise<void> {
    try {
      await store.save(token);
      this.unsaved = undefined;
    } catch (error) {
      this.unsaved = token;
      throw error;
    }
  }
}
