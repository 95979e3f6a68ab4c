import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { z } from "zod";
import { SandboxError } from "../errors";
import { TokenError } from "../tokens";

// Interchange errors are the standard's application/problem+json {title, status}; the admin and
// store APIs answer the platform's envelope {status: "error", error: {code, message}}.

export function problem(
  c: Context,
  status: number,
  title: string,
  headers: Record<string, string> = {},
  extra: Record<string, unknown> = {},
): Response {
  return c.body(JSON.stringify({ title, status, ...extra }), status as ContentfulStatusCode, {
    "content-type": "application/problem+json",
    ...headers,
  });
}

/** The envelope's error code for a status, where the error itself names none. */
export const ENVELOPE_CODES: Record<number, string> = {
  400: "invalid_request",
  401: "unauthorized",
  403: "forbidden",
  404: "not_found",
  409: "conflict",
  422: "unprocessable",
};

export function errorEnvelope(c: Context, status: number, code: string, message: string): Response {
  return c.json({ status: "error", error: { code, message } }, status as ContentfulStatusCode);
}

export function problemFromError(c: Context, error: unknown, envelope = false): Response {
  if (envelope && error instanceof SandboxError) {
    const code = error instanceof TokenError ? error.code : (ENVELOPE_CODES[error.status] ?? "error");
    return errorEnvelope(c, error.status, code, error.title);
  }
  if (error instanceof SandboxError) return problem(c, error.status, error.title, {}, error.extra);
  console.error("[sandbox] unexpected error", error);
  return envelope ? errorEnvelope(c, 500, "internal_error", "Unexpected error") : problem(c, 500, "Unexpected error");
}

/** A zod issue's path as a client developer writes it: `items[3].id`. */
export function fieldPath(path: readonly PropertyKey[]): string {
  return path
    .map((part, i) => (typeof part === "number" ? `[${part}]` : i === 0 ? String(part) : `.${String(part)}`))
    .join("");
}

/** "items[3].id: Invalid UUID" — the title names the field so a client developer can fix it. */
export function zodTitle(error: z.ZodError, what = "body"): string {
  const issue = error.issues[0];
  if (!issue) return `Invalid ${what}`;
  const field = fieldPath(issue.path);
  return `Invalid ${what}${field ? ` field ${field}` : ""}: ${issue.message}`;
}

/** Parses a JSON body; an empty body is `undefined`, a malformed one a 400 (in each API's own words). */
export async function readJson(
  c: Context,
  malformed: () => Error = () => new SandboxError(400, "Invalid body: not valid JSON"),
): Promise<unknown> {
  const text = (await c.req.text()).trim();
  if (text === "") return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw malformed();
  }
}

/** Parses with a zod schema, turning a failure into a 400 whose title names the field. */
export function parseWith<T extends z.ZodType>(schema: T, input: unknown, what = "body"): z.infer<T> {
  const result = schema.safeParse(input);
  if (!result.success) throw new SandboxError(400, zodTitle(result.error, what));
  return result.data;
}
