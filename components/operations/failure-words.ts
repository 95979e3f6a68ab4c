/**
 * What kind of failure a stored error sentence is. The poller records the platform's failures as
 * English sentences (lib/platform: "Platform GET /v1/events:polling failed with HTTP 503", "No
 * answer from the platform: timed out after 5000 ms"); the page says them in the viewer's
 * language from this kind and keeps the sentence itself behind a "technical detail" toggle.
 */
export type FailureKind =
  | { kind: "http"; status: number; call: string | null }
  | { kind: "timeout"; seconds: number | null }
  | { kind: "noAnswer" }
  | { kind: "redirect"; status: number }
  | { kind: "internal" }
  | { kind: "other" };

export function failureKind(message: string): FailureKind {
  const http = /^Platform (.+?) failed with HTTP (\d{3})/.exec(message);
  if (http) return { kind: "http", status: Number(http[2]), call: http[1] ?? null };
  const timeout = /^No answer from the platform: timed out after (\d+) ms/.exec(message);
  if (timeout) return { kind: "timeout", seconds: Math.round(Number(timeout[1]) / 100) / 10 };
  if (message.startsWith("No answer from the platform")) return { kind: "noAnswer" };
  const redirect = /redirect \(HTTP (\d{3})\)/.exec(message);
  if (redirect) return { kind: "redirect", status: Number(redirect[1]) };
  if (message.startsWith("Internal error")) return { kind: "internal" };
  return { kind: "other" };
}
