import "server-only";
import { PlatformError } from "@/lib/platform/errors";
import { AnswerTooLargeError, platformFetch } from "@/lib/platform/transport";
import { parseManifest, type DiscoveryManifest } from "./manifest";

/** A manifest is a few kilobytes; a larger answer is not read past this. */
export const MAX_MANIFEST_BYTES = 64 * 1024;
/** Read before the platform is used, and again each hour: never worth waiting long for. */
export const MANIFEST_TIMEOUT_MS = 5_000;

export type ManifestRead =
  | { outcome: "read"; manifest: DiscoveryManifest }
  | { outcome: "missing" | "invalid" | "unreachable"; problem: string };

/**
 * The connection's platform's manifest, from `{base URL}/.well-known/opendelivery` — the
 * configured base URL's origin and path, nowhere else: the URL is built here, never taken from
 * an answer, and the transport follows no redirect. Never throws.
 */
export async function readManifest(baseUrl: string, timeoutMs = MANIFEST_TIMEOUT_MS): Promise<ManifestRead> {
  let url: string;
  try {
    const base = new URL(baseUrl);
    url = `${base.origin}${base.pathname.replace(/\/+$/, "")}/.well-known/opendelivery`;
  } catch {
    return { outcome: "invalid", problem: `The base URL is not a URL: ${baseUrl.slice(0, 100)}` };
  }
  try {
    const response = await platformFetch(url, { method: "GET", timeoutMs, maxBytes: MAX_MANIFEST_BYTES });
    if (response.status === 404 || response.status === 410)
      return { outcome: "missing", problem: `HTTP ${response.status} at ${new URL(url).pathname}` };
    if (!response.ok) return { outcome: "unreachable", problem: `HTTP ${response.status} at ${new URL(url).pathname}` };
    let json: unknown;
    try {
      json = JSON.parse(await response.text());
    } catch {
      return { outcome: "invalid", problem: "The answer is not JSON" };
    }
    const parsed = parseManifest(json);
    return parsed.ok ? { outcome: "read", manifest: parsed.manifest } : { outcome: "invalid", problem: parsed.problem };
  } catch (error) {
    if (error instanceof AnswerTooLargeError) return { outcome: "invalid", problem: error.message };
    const message = error instanceof PlatformError || error instanceof Error ? error.message : String(error);
    return { outcome: "unreachable", problem: message.slice(0, 300) };
  }
}
