import { log } from "@/lib/log";

/**
 * One error type for everything the BFF answers with: a code for programs, a sentence people can
 * act on, and the HTTP status that code maps to. Details go to the log, not to the browser.
 */

const statusByCode = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  /** A kitchen tablet acts for a person: who is it? (enter a PIN) */
  pin_required: 403,
  too_many_attempts: 429,
  not_found: 404,
  action_not_allowed: 409,
  already_done: 409,
  platform_unavailable: 502,
  store_not_connected: 503,
  internal: 500,
} as const;

export type ErrorCode = keyof typeof statusByCode;

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
    /** More for the client beside the sentence, e.g. the order's current card. */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
    this.name = "AppError";
  }

  get status(): number {
    return statusByCode[this.code];
  }

  toResponse(): Response {
    return Response.json({ error: { code: this.code, message: this.message }, ...this.extra }, { status: this.status });
  }
}

/** Turns anything thrown in a route handler into a response; unexpected errors are logged whole. */
export function errorResponse(error: unknown): Response {
  if (error instanceof AppError) {
    if (error.status >= 500) log.error({ code: error.code, details: error.details }, error.message);
    return error.toResponse();
  }
  log.error({ err: error }, "unexpected error");
  return new AppError("internal", "Something went wrong on our side. Try again; if it persists, check the server log.").toResponse();
}
