import "server-only";
import { PlatformError, platformProblem } from "@/lib/platform/errors";

import type { CheckResult } from "@/lib/contract/manager";

/**
 * Why a check failed, as a code the page turns into one sentence (messages `integrations.problem`).
 * Never carries a response body, a token or a secret: only the host, a status, a network code.
 */
export type Problem = NonNullable<CheckResult["problem"]>;

/** Sorts a failed call into one of the sentences a manager can act on. */
export function problemOf(error: unknown, host: string, timeoutMs: number): Problem {
  if (!(error instanceof PlatformError)) return { code: "unreachable", host, reason: "internal" };
  const status = error.status;
  if (status === undefined) {
    if (/timed out/.test(error.message))
      return { code: "timeout", host, timeoutSeconds: Math.round(timeoutMs / 100) / 10 };
    const reason = error.message.split(": ").at(-1)?.slice(0, 60);
    return { code: "unreachable", host, ...(reason ? { reason } : {}) };
  }
  if (status >= 300 && status < 400) return { code: "redirect", host, status };
  if (status >= 200 && status < 300) return { code: "malformed", host, status };
  if (status === 401) return { code: "badCredentials", host, status };
  if (status === 400 && platformProblem(error)?.code === "invalid_grant") return { code: "badLogin", host, status };
  if (status === 403) return { code: "forbidden", host, status };
  if (status === 404)
    return { code: platformProblem(error)?.code === "store_not_found" ? "unknownService" : "notFound", host, status };
  if (status >= 500) return { code: "serverError", host, status };
  return { code: "httpStatus", host, status };
}
