import "server-only";

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

  static async from(response: Response, what: string): Promise<PlatformError> {
    const text = await response.text().catch(() => "");
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: keep the text
    }
    return new PlatformError(`Platform ${what} failed with HTTP ${response.status}`, response.status, body);
  }
}

export interface PlatformRequestInit extends RequestInit {
  timeoutMs: number;
}

/** fetch with a timeout, turning network failures into PlatformError. Never follows redirects. */
export async function platformFetch(url: string, init: PlatformRequestInit): Promise<Response> {
  const { timeoutMs, ...rest } = init;
  try {
    // redirect: "manual" — the BFF talks only to the configured host; a redirect elsewhere is an error.
    const response = await fetch(url, { ...rest, redirect: "manual", signal: AbortSignal.timeout(timeoutMs), cache: "no-store" });
    if (response.status >= 300 && response.status < 400) {
      throw new PlatformError(`The platform answered with a redirect (HTTP ${response.status}); redirects are not followed`, response.status);
    }
    return response;
  } catch (error) {
    if (error instanceof PlatformError) throw error;
    const reason = error instanceof Error && error.name === "TimeoutError" ? `timed out after ${timeoutMs} ms` : describe(error);
    throw new PlatformError(`No answer from the platform: ${reason}`, undefined);
  }
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as Error & { cause?: { code?: string; message?: string } }).cause;
    return cause?.code ?? cause?.message ?? error.message;
  }
  return String(error);
}
