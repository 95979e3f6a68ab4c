import "server-only";
import { createHash } from "node:crypto";
import type { DiscoveryManifest } from "@/lib/platform/discovery/manifest";
import { publicOrigin } from "./public-origin";
import { WEBHOOK_PATHS } from "./webhook-address";

/** Where Comanda serves a merchant's document, under its public origin (each a merchant's, by id). */
const MERCHANT_PATH = "/api/open-delivery/v1/merchant/{merchantId}";

/**
 * Comanda's own discovery manifest (GET /.well-known/opendelivery): what it does today, no more.
 * It speaks Open Delivery 2.0 (rc.2's orders: polled, read, acted on) and 1.x (1.3 with the 1.5 and
 * 1.7 additions); 2.0 is current, the dialect a connection takes when both sides declare it. As the
 * standard's Software Service it is the receiver of a platform's orders: it takes their events by
 * polling and by webhook (rc.2's `orderEvent`, at `/v2/newEvent`, signed as rc.2 says), reads each
 * order, and calls the lifecycle operations listed, validateDeliveryCode included (the courier's
 * code checked before a dispatch). Only a 2.0 platform reads this manifest (discovery is 2.0's):
 * `x-comanda-endpoints.webhook` is 2.0's; 1.x's `/v1/newEvent` is listed beside it as `webhook1x`.
 * It publishes each merchant's document (the merchant capability, read in full by the platform) and
 * declares PUSH_CRUD: its availability changes are PATCHes of the platform's item offers. It
 * patches no order and concludes none: those are declared unsupported. Its addresses are at its
 * public origin (APP_URL, or the trusted proxy's), in `x-comanda-endpoints` — an extension the
 * document allows; no secret is ever in here.
 */
export function ownManifest(headers: Headers): DiscoveryManifest {
  const { origin } = publicOrigin(headers);
  return {
    appId: appIdOf(origin),
    openDelivery: { currentVersion: "2.0", supportedVersions: ["2.0", "1.7", "1.5", "1.3"] },
    discovery: { version: "1.0.0" },
    authentication: {
      // Comanda authenticates with the credentials a platform issues: one client per connection,
      // serving all its merchants, or one per merchant where the platform issues them so.
      supportedGrantTypes: ["client_credentials"],
      clientIdGeneration: ["by_app", "by_merchant"],
    },
    capabilities: {
      orders: {
        version: "1.0.0",
        supported: true,
        receiver: {
          supported: true,
          supportedOperations: [
            "getOrder",
            "confirmOrder",
            "setOrderPreparing",
            "setOrderReadyForPickup",
            "dispatchOrder",
            "setOrderDelivered",
            "requestCancellation",
            "validateDeliveryCode",
          ],
          unsupportedOperations: ["updateOrderStatus", "sendOrderTracking", "patchOrderDetails", "concludeOrder"],
          // Both: a pushed event is taken at once; polling stays on as the safety net.
          supportsWebhook: true,
          supportsPolling: true,
        },
      },
      merchant: {
        version: "1.0.0",
        supported: true,
        supportsPartialUpdate: false,
        supportsFullGetByOriginator: true,
        // Comanda's own catalogue changes (sold out, "só restam N") go as one PATCH per item offer
        // on the platform, which hosts the catalogue; it pushes no full snapshot of its own and
        // hosts no 2.0 snapshot to pull (docs/open-delivery-2.md "The catalogue's sync model").
        catalogSyncModel: "PUSH_CRUD",
      },
    },
    "x-comanda-endpoints": {
      webhook: `${origin}${WEBHOOK_PATHS["2.0"]}`,
      webhook1x: `${origin}${WEBHOOK_PATHS["1.x"]}`,
      merchant: `${origin}${MERCHANT_PATH}`,
    },
  };
}

/** A stable UUID for this Comanda, from its public origin (the same address, the same id). */
function appIdOf(origin: string): string {
  const hex = createHash("sha256").update(`comanda:${origin}`).digest("hex");
  // Laid out as a version 5 (name-based) UUID with the RFC 4122 variant.
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
