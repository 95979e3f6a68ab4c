import "server-only";
import type { WebhookAddress } from "@/lib/contract/integration-settings";
import { publicOrigin } from "./public-origin";

/**
 * Where each dialect's platform pushes its events. rc.2 gives the webhook no path (the platform is
 * given a URL), so 2.0's sits beside 1.x's `/v1/newEvent`, one version segment apart.
 */
export const WEBHOOK_PATHS = {
  "1.x": "/api/open-delivery/v1/newEvent",
  "2.0": "/api/open-delivery/v2/newEvent",
} as const;

/**
 * The address to give the platform for pushed events, at Comanda's public origin: a connection on
 * 2.0 (its platform's manifest declares it; `dialect` as lib/sync/discovery.ts remembers it) is
 * given 2.0's, any other 1.x's. The headers it signs with are the same in both.
 */
export function webhookAddress(headers: Headers, dialect: string | null | undefined): WebhookAddress {
  const { origin, from } = publicOrigin(headers);
  return {
    merchantIdHeader: "X-App-MerchantId",
    signatureHeader: "X-App-Signature",
    url: `${origin}${WEBHOOK_PATHS[dialect === "2.0" ? "2.0" : "1.x"]}`,
    originFrom: from,
  };
}
