import "server-only";
import { env } from "@/lib/env";

export type PublicOrigin = { origin: string; from: "APP_URL" | "proxy" | "server" };

type Config = { appUrl?: string; trustedProxies: number; selfOrigin: string };

/**
 * Comanda's public address, for what it gives a platform to call (the webhook, the merchant
 * endpoint): APP_URL when set — the one reliable answer behind several proxies —; else, only when
 * TRUSTED_PROXIES says a proxy stands in front, that proxy's X-Forwarded-Host and -Proto; else the
 * server's own address (where it reaches itself, right for the embedded sandbox only, and shown as
 * such on Integrations). Never the Host header nor forwarded headers without a trusted proxy:
 * anyone can write those, and a platform told a wrong address sends the orders there.
 */
export function publicOrigin(
  headers: Headers,
  config: Config = { appUrl: env.APP_URL, trustedProxies: env.TRUSTED_PROXIES, selfOrigin: env.selfOrigin },
): PublicOrigin {
  if (config.appUrl) return { origin: new URL(config.appUrl).origin, from: "APP_URL" };
  const first = (name: string) => headers.get(name)?.split(",")[0]?.trim() || undefined;
  // A host name, an IPv4 or a bracketed IPv6 address, and a port: nothing else reaches the URL.
  const forwardedHost = config.trustedProxies > 0 ? first("x-forwarded-host")?.replace(/[^A-Za-z0-9.:[\]-]/g, "") : "";
  if (forwardedHost) {
    const proto = first("x-forwarded-proto") === "https" ? "https" : "http";
    return { origin: `${proto}://${forwardedHost}`, from: "proxy" };
  }
  return { origin: config.selfOrigin, from: "server" };
}
