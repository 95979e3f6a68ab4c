import type { ErrorBody, ErrorCode, ErrorExtra } from "@/lib/contract/errors";
import { log } from "@/lib/log";

/**
 * One error type for everything the BFF answers with: a code for programs, a sentence people can
 * act on, and the HTTP status that code maps to. Details go to the log, not to the browser.
 */

/** The codes are the contract's (lib/contract/errors.ts); each answers with one HTTP status. */
const statusByCode: Record<ErrorCode, number> = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  pin_required: 403,
  too_many_attempts: 429,
  too_many_streams: 429,
  not_found: 404,
  payload_too_large: 413,
  action_not_allowed: 409,
  already_done: 409,
  pickup_code_required: 409,
  wrong_pickup_code: 422,
  platform_unavailable: 502,
  store_not_connected: 503,
  internal: 500,
};

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
    /** More for the client beside the sentence, e.g. the order's current card. */
    readonly extra?: ErrorExtra,
  ) {
    super(message);
    this.name = "AppError";
  }

  get status(): number {
    return statusByCode[this.code];
  }

  toResponse(): Response {
    const body: ErrorBody = { error: { code: this.code, message: this.message }, ...this.extra };
    return Response.json(body, { status: this.status });
  }
}

/** Turns anything thrown in a route handler into a response; unexpected errors are logged whole. */
export function errorResponse(error: unknown): Response {
  if (error instanceof AppError) {
    if (error.status >= 500) log.error({ code: error.code, details: error.details }, error.message);
    return error.toResponse();
  }
  log.error({ err: error }, "unexpected error");
  return new AppError(
    "internal",
    "Something went wrong on our side. Try again; if it persists, check the server log.",
  ).toResponse();
}
