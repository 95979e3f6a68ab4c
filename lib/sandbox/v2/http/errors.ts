import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { SandboxError } from "../../errors";

// 2.0's error body (orders.openapi.yaml and authentication.openapi.yaml, Error): application/json
// `{code, message}`, where 1.x answered problem+json `{title, status}`. A SandboxError's title is
// the message; its code is its own (`extra.code`) or the status's.

const CODES: Record<number, string> = {
  400: "BAD_REQUEST",
  401: "UNAUTHORIZED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  409: "CONFLICT",
  422: "UNPROCESSABLE_ENTITY",
  429: "TOO_MANY_REQUESTS",
  500: "INTERNAL_SERVER_ERROR",
  503: "SERVICE_UNAVAILABLE",
};

/** The paths a 2.0 platform answers in 2.0's words: its token endpoint and everything under /v2. */
export const isV2Path = (path: string) => /^\/(v2|oauth)(\/|$)/.test(path);

export function v2Error(c: Context, status: number, message: string, code = CODES[status] ?? "ERROR"): Response {
  return c.json({ code, message }, status as ContentfulStatusCode);
}

export function v2ErrorFromError(c: Context, error: unknown): Response {
  if (error instanceof SandboxError) {
    const code = typeof error.extra.code === "string" ? error.extra.code : undefined;
    return v2Error(c, error.status, error.title, code);
  }
  console.error("[sandbox] unexpected error", error);
  return v2Error(c, 500, "Unexpected error");
}
