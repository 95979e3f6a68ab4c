import "server-only";
import { z } from "zod";
import { PlatformError, platformFetch, type PlatformResponse } from "@/lib/open-delivery/http";
import { errorEnvelopeSchema, tokenSchema } from "./store-schemas";

export interface StoreApiCredentials {
  /** The platform's base URL; every call stays under it. */
  baseUrl: string;
  /** X-Service-ID: the store the calls are about. */
  serviceId: string;
  clientId: string;
  clientSecret: string;
  timeoutMs: number;
}

/** The platform's own words for a refused call (its error envelope), when it sent them. */
export interface StoreApiProblem {
  code: string | null;
  message: string | null;
}

export function problemOf(error: unknown): StoreApiProblem | null {
  if (!(error instanceof PlatformError)) return null;
  const parsed = errorEnvelopeSchema.safeParse(error.body);
  return parsed.success ? { code: parsed.data.error.code ?? null, message: parsed.data.error.message ?? null } : null;
}

/** Reads a failed answer into a PlatformError that carries the envelope's code and message. */
export async function storeApiError(response: PlatformResponse, what: string): Promise<PlatformError> {
  const error = await PlatformError.from(response, what);
  const problem = problemOf(error);
  if (!problem?.message) return error;
  return new PlatformError(`Store API ${what} failed with HTTP ${response.status} (${problem.code ?? "error"}): ${problem.message}`, response.status, error.body);
}

/**
 * The URL of a store API path, refusing anything that would leave the configured base (an id
 * that smuggles "../" or another host): Comanda talks only to the platform it was set up for.
 */
export function storeApiUrl(baseUrl: string, path: string): string {
  const base = baseUrl.replace(/\/+$/, "");
  const url = new URL(`${base}${path}`);
  const root = new URL(`${base}/store-api/`);
  if (url.origin !== root.origin || !url.pathname.startsWith(root.pathname) || url.pathname.includes("/../")) {
    throw new PlatformError(`Refusing a store API URL outside the configured platform: ${path}`, undefined);
  }
  return url.toString();
}

/** The headers the platform requires on every store API call (token creation: no Authorization). */
export function storeApiHeaders(credentials: StoreApiCredentials, token?: string): Record<string, string> {
  return {
    "content-type": "application/json",
    accept: "application/json",
    "x-service-id": credentials.serviceId,
    "x-service-client-id": credentials.clientId,
    ...(token ? { authorization: `Bearer ${token}` } : {}),
  };
}

/** Renew this long before expiry (capped at a tenth of the lifetime), so no call carries a dying token. */
const EXPIRY_MARGIN_MS = 60_000;
const DEFAULT_TTL_SECONDS = 3600;

/**
 * The store's client_credentials token, reused until shortly before it expires; concurrent
 * callers share one token request.
 */
export class StoreTokenCache {
  private token: { value: string; expiresAt: number } | undefined;
  private pending: Promise<string> | undefined;

  constructor(
    private readonly credentials: StoreApiCredentials,
    private readonly now: () => number = Date.now,
  ) {}

  async get(): Promise<string> {
    if (this.token && this.token.expiresAt > this.now()) return this.token.value;
    this.pending ??= this.request().finally(() => {
      this.pending = undefined;
    });
    return this.pending;
  }

  invalidate(): void {
    this.token = undefined;
  }

  private async request(): Promise<string> {
    const { baseUrl, clientId, clientSecret, timeoutMs } = this.credentials;
    const response = await platformFetch(storeApiUrl(baseUrl, "/store-api/token"), {
      method: "POST",
      headers: storeApiHeaders(this.credentials),
      body: JSON.stringify({ grant_type: "client_credentials", client_id: clientId, client_secret: clientSecret }),
      timeoutMs,
    });
    if (!response.ok) throw await storeApiError(response, "token request");
    const parsed = tokenSchema.safeParse(await response.json().catch(() => undefined));
    if (!parsed.success) throw new PlatformError("The store API's token response is malformed", response.status, z.prettifyError(parsed.error));
    const ttlSeconds = parsed.data.expires_in ?? DEFAULT_TTL_SECONDS;
    const margin = Math.min(EXPIRY_MARGIN_MS, ttlSeconds * 100);
    this.token = { value: parsed.data.access_token, expiresAt: this.now() + ttlSeconds * 1000 - margin };
    return this.token.value;
  }
}
