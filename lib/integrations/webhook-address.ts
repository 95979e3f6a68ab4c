import "server-only";
import type { WebhookAddress } from "@/lib/contract/integration-settings";
import { publicOrigin } from "./public-origin";

const WEBHOOK_PATH = "/api/open-delivery/v1/newEvent";

/** The address to give the platform for pushed events, at Comanda's public origin. */
export function webhookAddress(headers: Headers): WebhookAddress {
  const { origin, from } = publicOrigin(headers);
  return {
    merchantIdHeader: "X-App-MerchantId",
    signatureHeader: "X-App-Signature",
    url: `${origin}${WEBHOOK_PATH}`,
    originFrom: from,
  };
}
