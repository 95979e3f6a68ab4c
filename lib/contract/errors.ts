import * as z from "zod/mini";
import { boardOrderSchema } from "./board";

/**
 * The error body every BFF route answers with: a code for programs, a sentence for people. The
 * server maps each code to its HTTP status (lib/errors.ts); the browser maps it to its own
 * translated sentence (messages `errors`).
 */
export const ERROR_CODES = [
  "bad_request",
  "unauthorized",
  "forbidden",
  /** A kitchen tablet acts for a person: who is it? (enter a PIN) */
  "pin_required",
  "too_many_attempts",
  /** A session or account holds the most board streams an instance serves it. */
  "too_many_streams",
  "not_found",
  /** The body is larger than the route accepts. */
  "payload_too_large",
  "action_not_allowed",
  "already_done",
  /** Dispatch of an order with a pickup code: the courier's code was not typed. */
  "pickup_code_required",
  /** Dispatch of an order with a pickup code: the platform says the typed code is wrong. */
  "wrong_pickup_code",
  "platform_unavailable",
  "store_not_connected",
  "internal",
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const errorBodySchema = z.object({
  error: z.object({ code: z.enum(ERROR_CODES), message: z.string() }),
  /** `already_done` and `action_not_allowed` on an order: its card as it is now. */
  order: z.optional(boardOrderSchema),
  /** A setting the server refused (integrations), e.g. "admin.password". */
  field: z.optional(z.string()),
  /** Why, in a word the page translates: secretRequired, refused, unavailable, … */
  reason: z.optional(z.string()),
  /** The platform's own words about a refusal (test order). */
  detail: z.optional(z.string()),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
/** What an AppError may carry beside its sentence. */
export type ErrorExtra = Omit<ErrorBody, "error">;
