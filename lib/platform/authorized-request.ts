import "server-only";
import { PlatformError } from "./errors";
import type { TokenSource } from "./token-source";
import { platformFetch, type PlatformResponse } from "./transport";

/** Who a call to the admin or store API is for: the platform's headers on every call. */
export interface ServiceIdentity {
  baseUrl: string;
  /** The store's X-Service-ID. */
  serviceId: string;
  /** The integration's client id, sent as X-Service-Client-Id. */
  clientId: string;
}

/** Headers on every admin API and store API call, token requests included (platform-interfaces.md, "Authentication"). */
export function serviceHeaders(identity: ServiceIdentity): Record<string, string> {
  return {
    "content-type": "application/json",
    accept: "application/json",
    "x-service-id": identity.serviceId,
    "x-service-client-id": identity.clientId,
  };
}

export interface AuthorizedCall {
  method: "GET" | "POST" | "PUT" | "PATCH";
  url: string;
  /** Sent as JSON. */
  body?: unknown;
  /** The admin and store APIs' service headers go on every call; the interchange has none. */
  service?: ServiceIdentity;
  headers?: Record<string, string>;
  timeoutMs: number;
  /** The most the answer may hold (the transport's MAX_ANSWER_BYTES when not given). */
  maxBytes?: number;
  /** Names the call in the error message, e.g. "admin order list". */
  what: string;
}

/**
 * A call with the source's access token (and the service headers). A 401 means the token expired or was revoked before
 * its time: it is dropped and the call is sent once more with a new one. Any answer other than
 * 2xx becomes a PlatformError.
 */
export async function authorizedRequest(tokens: TokenSource, call: AuthorizedCall): Promise<PlatformResponse> {
  for (let attempt = 1; ; attempt++) {
    const token = await tokens.get();
    const response = await platformFetch(call.url, {
      method: call.method,
      headers: {
        ...(call.body === undefined ? {} : { "content-type": "application/json" }),
        ...(call.service ? serviceHeaders(call.service) : {}),
        ...call.headers,
        authorization: `Bearer ${token}`,
      },
      body: call.body === undefined ? undefined : JSON.stringify(call.body),
      timeoutMs: call.timeoutMs,
      maxBytes: call.maxBytes,
    });
    if (response.status === 401 && attempt === 1) {
      tokens.invalidate(token);
      continue;
    }
    if (!response.ok) throw await PlatformError.from(response, call.what);
    return response;
  }
}
