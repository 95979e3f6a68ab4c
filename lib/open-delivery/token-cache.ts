import "server-only";
import { z } from "zod";
import { tokenResponseSchema } from "./schemas";
import { PlatformError, platformFetch } from "./http";

export interface Credentials {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
}

/** Renew this long before the platform's expiry (at most), so a token never dies mid-request. */
const EXPIRY_MARGIN_MS = 60_000;
/** Used when the platform omits expires_in (the standard makes it optional). */
const DEFAULT_TTL_SECONDS = 3600;

interface CachedToken {
  value: string;
  /** When to stop using it: the platform's expiry less a safety margin. */
  expiresAt: number;
}

/**
 * Caches one access token per set of credentials and reuses it until shortly before expiry,
 * as the platform asks. Concurrent callers share one token request.
 */
export class TokenCache {
  private token: CachedToken | undefined;
  private pending: Promise<string> | undefined;

  constructor(
    private readonly credentials: Credentials,
    private readonly timeoutMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  async get(): Promise<string> {
    if (this.token && this.token.expiresAt > this.now()) return this.token.value;
    this.pending ??= this.fetchToken().finally(() => {
      this.pending = undefined;
    });
    return this.pending;
  }

  /** Forget the token (the platform answered 401 with it). */
  invalidate(): void {
    this.token = undefined;
  }

  private async fetchToken(): Promise<string> {
    const { baseUrl, clientId, clientSecret } = this.credentials;
    const response = await platformFetch(`${baseUrl}/oauth/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ grant_type: "client_credentials", client_id: clientId, client_secret: clientSecret }),
      timeoutMs: this.timeoutMs,
    });
    if (!response.ok) throw await PlatformError.from(response, "token request");
    const parsed = tokenResponseSchema.safeParse(await response.json().catch(() => undefined));
    if (!parsed.success) {
      throw new PlatformError("The platform's token response is malformed", response.status, z.prettifyError(parsed.error));
    }
    const ttlSeconds = parsed.data.expires_in ?? DEFAULT_TTL_SECONDS;
    // The margin is capped at a tenth of the lifetime, so short-lived tokens are still reused.
    const margin = Math.min(EXPIRY_MARGIN_MS, ttlSeconds * 100);
    this.token = { value: parsed.data.access_token, expiresAt: this.now() + ttlSeconds * 1000 - margin };
    return this.token.value;
  }
}
