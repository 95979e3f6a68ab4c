import "server-only";
import { z } from "zod";
import { storableJson, storableText } from "@/lib/contract/storable-text";

/**
 * What `PlatformError.from` reads of a refused answer: a PlatformResponse is one, but the transport
 * imports this module, so its type is not imported back.
 */
interface RefusedAnswer {
  readonly status: number;
  text(): Promise<string>;
}

/** Shared by every copy of this module (see `Symbol.hasInstance` below). */
const PLATFORM_ERROR = Symbol.for("comanda.PlatformError");

/** A failed exchange with the platform: an HTTP error status, a timeout or a broken connection. */
export class PlatformError extends Error {
  /**
   * Next.js bundles instrumentation (where the store connections live) and route handlers
   * separately, so this class can exist twice in one process: an error thrown by one copy must
   * still be `instanceof` the other. Without this, a platform 503 during an action became a 500.
   */
  static [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === "object" && value !== null && PLATFORM_ERROR in value;
  }

  readonly [PLATFORM_ERROR] = true;

  constructor(
    message: string,
    /** HTTP status, or undefined when no answer came (timeout, connection refused). */
    readonly status: number | undefined,
    readonly body?: unknown,
  ) {
    super(message);
    this.name = "PlatformError";
  }

  /** Worth retrying later: no answer, or a server-side failure. */
  get transient(): boolean {
    return this.status === undefined || this.status >= 500 || this.status === 429;
  }

  /**
   * Reads a refused answer (any API) into our error; when the body is the admin or store API's
   * error envelope, its code and message join the error's message, in the platform's own words.
   */
  static async from(response: RefusedAnswer, what: string): Promise<PlatformError> {
    const text = await response.text().catch(() => "");
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON: keep the text
    }
    // Kept in audit rows and poll state: made storable like every answer (see PlatformResponse.json).
    let body: unknown;
    try {
      body = storableJson(parsed).value;
    } catch {
      // Nested too deeply to keep as JSON: its beginning, as storable text, says enough.
      body = storableText(text.slice(0, 2_000));
    }
    const problem = problemIn(body);
    const words = problem?.message ? ` (${problem.code ?? "error"}): ${problem.message}` : "";
    return new PlatformError(`Platform ${what} failed with HTTP ${response.status}${words}`, response.status, body);
  }
}

/** `{status: "error", error: {code, message}}`: the shape the sandbox uses (the document shows none). */
const errorEnvelopeSchema = z.object({
  status: z.literal("error").optional(),
  error: z.object({ code: z.string().nullish(), message: z.string().nullish() }),
});

/** The platform's own words for a refused call (its error envelope), when it sent them. */
export interface PlatformProblem {
  code: string | null;
  message: string | null;
}

function problemIn(body: unknown): PlatformProblem | null {
  const parsed = errorEnvelopeSchema.safeParse(body);
  return parsed.success ? { code: parsed.data.error.code ?? null, message: parsed.data.error.message ?? null } : null;
}

/** The admin or store API's error envelope carried by a PlatformError, if any. */
export function platformProblem(error: unknown): PlatformProblem | null {
  return error instanceof PlatformError ? problemIn(error.body) : null;
}

/** A sentence on what went wrong with the platform, for the log and the manager. */
export function describePlatformFailure(error: unknown): string {
  const problem = platformProblem(error);
  if (problem?.message) return problem.message;
  if (error instanceof PlatformError) return error.message;
  return error instanceof Error ? error.message : String(error);
}
