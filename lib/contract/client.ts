import * as z from "zod/mini";
import type * as core from "zod/v4/core";
import type { BoardOrder } from "./board";
import { errorBodySchema, type ErrorCode } from "./errors";

/**
 * The browser's one way to call the BFF: sends JSON, parses the answer with its contract schema,
 * and turns a failure into an ApiError. No server-only imports: client components use it.
 */

/**
 * A BFF call that failed. `code` is the server's (a translated sentence exists for each, messages
 * `errors`); null when the answer was not ours (a proxy's HTML page, a crash, an unexpected
 * shape). Network failures throw the browser's own TypeError instead: there was no answer.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | null,
    /** The server's sentence for people, when it sent one. */
    readonly serverMessage: string | null,
    /** `already_done` on an order carries its card as it is now. */
    readonly order: BoardOrder | null = null,
    /** The refused field and a word for why (integrations), or the platform's words (test order). */
    readonly extra: { field?: string; reason?: string; detail?: string } = {},
  ) {
    super(serverMessage ?? `HTTP ${status}`);
    this.name = "ApiError";
  }
}

export interface RequestOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Sent as JSON. */
  body?: unknown;
  signal?: AbortSignal;
}

/** Calls the BFF and gives its answer parsed with `schema`. */
export async function apiRequest<S extends core.$ZodType>(
  schema: S,
  url: string,
  options: RequestOptions = {},
): Promise<core.output<S>> {
  const response = await send(url, options);
  const answer = z.safeParse(schema, await response.json().catch(() => undefined));
  if (!answer.success) throw new ApiError(response.status, null, null);
  return answer.data;
}

/** Calls the BFF for an answer without a body (204). */
export async function apiSend(url: string, options: RequestOptions = {}): Promise<void> {
  await send(url, options);
}

async function send(url: string, { method = "GET", body, signal }: RequestOptions): Promise<Response> {
  const response = await fetch(url, {
    method,
    headers:
      body === undefined
        ? { accept: "application/json" }
        : { accept: "application/json", "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
    cache: "no-store",
    signal,
  });
  if (!response.ok) throw await toApiError(response);
  return response;
}

async function toApiError(response: Response): Promise<ApiError> {
  const parsed = z.safeParse(errorBodySchema, await response.json().catch(() => null));
  if (!parsed.success) return new ApiError(response.status, null, null);
  const { error, order, ...extra } = parsed.data;
  return new ApiError(response.status, error.code, error.message || null, order ?? null, extra);
}
