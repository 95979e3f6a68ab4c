import type { BoardOrder } from "./board";
import type { ErrorCode } from "./errors";

/**
 * The browser's one way to call the BFF: sends JSON, checks the answer with its contract schema
 * (or the board's shape of it, shape.ts), and turns a failure into an ApiError. No server-only
 * imports: client components use it. No zod either: the board loads this with its first paint
 * (issue 13), so the schemas come from the callers, and the error body's from a chunk of its own.
 */

/**
 * A check of an answer: a contract schema (zod's schemas are Standard Schemas) or a shape
 * (shape.ts). Only its `validate` is used, synchronously, as zod's safeParse.
 */
export interface AnswerCheck<T> {
  readonly "~standard": {
    readonly validate: (
      value: unknown,
    ) =>
      { readonly value: T; readonly issues?: undefined } | { readonly issues: readonly unknown[] } | Promise<unknown>;
    readonly types?: { readonly output: T } | undefined;
  };
}

/** The value when `check` accepts it (synchronously); undefined otherwise. */
export function checked<T>(check: AnswerCheck<T>, value: unknown): { value: T } | undefined {
  const result = check["~standard"].validate(value);
  if (result instanceof Promise || (result as { issues?: unknown }).issues) return undefined;
  return result as { value: T };
}

/** A stream message's data, or null when it is not JSON or not of that shape (it is dropped). */
export function parseStreamMessage<T>(check: AnswerCheck<T>, data: string): T | null {
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return null;
  }
  return checked(check, json)?.value ?? null;
}

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

/** Calls the BFF and gives its answer checked with `schema`. */
export async function apiRequest<T>(schema: AnswerCheck<T>, url: string, options: RequestOptions = {}): Promise<T> {
  const response = await send(url, options);
  const answer = checked(schema, await response.json().catch(() => undefined));
  if (!answer) throw new ApiError(response.status, null, null);
  return answer.value;
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
  const body: unknown = await response.json().catch(() => null);
  // The schema (zod) loads with the first failure, not with the board.
  const schema = await import("./errors").then(
    (module) => module.errorBodySchema,
    () => null,
  );
  const parsed = schema && checked(schema, body);
  if (!parsed) return new ApiError(response.status, null, null);
  const { error, order, ...extra } = parsed.value;
  return new ApiError(response.status, error.code, error.message || null, order ?? null, extra);
}
