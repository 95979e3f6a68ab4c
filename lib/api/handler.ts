import "server-only";
import { z } from "zod";
import { AppError, errorResponse } from "@/lib/errors";

type Params = Record<string, string | string[] | undefined>;
type Handler<P> = (request: Request, params: P) => Promise<Response>;

/**
 * Wraps a route handler: awaits Next.js's params, and turns anything thrown into the one error
 * shape. (Sign-in checks join here with the sign-in issue.)
 */
export function handler<P extends Params = Params>(fn: Handler<P>) {
  return async (request: Request, context: { params: Promise<P> }): Promise<Response> => {
    try {
      return await fn(request, await context.params);
    } catch (error) {
      return errorResponse(error);
    }
  };
}

/** Parses input with a zod schema, answering 400 with a sentence naming the bad field. */
export function parseInput<T>(schema: z.ZodType<T>, input: unknown): T {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue && issue.path.length > 0 ? `${issue.path.join(".")}: ` : "";
  throw new AppError("bad_request", `Invalid request — ${field}${issue?.message ?? "malformed input"}.`, result.error.issues);
}

/** The request's JSON body; an empty body reads as {}. */
export async function readJson(request: Request): Promise<unknown> {
  const text = await request.text();
  if (text.trim() === "") return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError("bad_request", "Invalid request — the body is not valid JSON.");
  }
}
