import "server-only";
import type { WebhookAddress } from "@/lib/contract/integration-settings";
import { env } from "@/lib/env";

const WEBHOOK_PATH = "/api/open-delivery/v1/newEvent";

/**
 * The address to give the platform for pushed events. APP_URL when set (the one reliable answer
 * behind several proxies); otherwise the address this request came to, as the proxy forwarded it.
 */
export function webhookAddress(headers: Headers): WebhookAddress {
  const base = { merchantIdHeader: "X-App-MerchantId", signatureHeader: "X-App-Signature" } as const;
  if (env.APP_URL) return { ...base, url: `${env.APP_URL}${WEBHOOK_PATH}`, originFrom: "APP_URL" };
  const first = (name: string) => headers.get(name)?.split(",")[0]?.trim() || undefined;
  const proto =
    first("x-forwarded-proto") === "https" ? "https" : first("x-forwarded-proto") === "http" ? "http" : "http";
  const host = (first("x-forwarded-host") ?? first("host") ?? "localhost").replace(/[^A-Za-z0-9.:[\]-]/g, "");
  return { ...base, url: `${proto}://${host}${WEBHOOK_PATH}`, originFrom: "request" };
}
