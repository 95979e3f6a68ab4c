import "server-only";
import { env } from "@/lib/env";

export type PublicOrigin = { origin: string; from: "APP_URL" | "request" };

/**
 * Comanda's public address, for what it gives a platform to call (the webhook, the merchant
 * endpoint): APP_URL when set — the one reliable answer behind several proxies —, else the
 * address this request came to. A proxy's X-Forwarded-Host and -Proto are believed only when
 * TRUSTED_PROXIES says a proxy stands in front (anyone can send those headers); otherwise the
 * Host header, over http (Comanda itself serves plain http). Never the server's own URL: Next.js
 * builds `request.url` from where it listens, so a platform was told http://localhost:PORT/….
 */
export function publicOrigin(
  headers: Headers,
  config: { appUrl?: string; trustedProxies: number } = { appUrl: env.APP_URL, trustedProxies: env.TRUSTED_PROXIES },
): PublicOrigin {
  if (config.appUrl) return { origin: new URL(config.appUrl).origin, from: "APP_URL" };
  const first = (name: string) => headers.get(name)?.split(",")[0]?.trim() || undefined;
  const behindProxy = config.trustedProxies > 0;
  const forwardedProto = behindProxy ? first("x-forwarded-proto") : undefined;
  const proto = forwardedProto === "https" ? "https" : "http";
  const rawHost = (behindProxy ? first("x-forwarded-host") : undefined) ?? first("host") ?? "localhost";
  // A host name, an IPv4 or a bracketed IPv6 address, and a port: nothing else reaches the URL.
  const host = rawHost.replace(/[^A-Za-z0-9.:[\]-]/g, "") || "localhost";
  return { origin: `${proto}://${host}`, from: "request" };
}
