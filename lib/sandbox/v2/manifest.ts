import { V2_OPERATIONS, V2_UNSUPPORTED, type DiscoverySwitch } from "../discovery-switch";

// The discovery manifest of a 2.0 platform (discovery.openapi.yaml, DiscoveryManifest): version
// 2.0 only, client_credentials by application and by merchant, order events by webhook and
// polling, the operations served under /v2/orders/{id}/…. rc.2's discovery document names order
// events from its own five-value list (ORDER_CREATED…), not the orders document's seventeen: the
// manifest declares the five, all emitted (ORDER_COMPLETED is CONCLUDED, ORDER_DISPATCHED both
// DISPATCHED and the courier's ORDER_COLLECTED); the informational events have no name there.
// Merchant is declared with what its catalogue serves (http/catalogue-routes.ts) and the
// `catalogSyncModel` merchant.openapi.yaml requires (switchable, PUT /control/discovery; it rides
// as an extra key: discovery.openapi.yaml's MerchantCapability does not name it). Logistics is not
// declared: its 2.0 API is not served (its facts travel as Orders events).

export const V2_MANIFEST_EVENTS = [
  "ORDER_CREATED",
  "ORDER_CONFIRMED",
  "ORDER_DISPATCHED",
  "ORDER_CANCELLED",
  "ORDER_COMPLETED",
] as const;

export function v2Manifest(
  appId: string,
  omitted: ReadonlySet<string>,
  unknownVersion: boolean,
  catalogSyncModel: DiscoverySwitch["catalogSyncModel"] = "PUSH_CRUD",
) {
  return {
    appId,
    openDelivery: unknownVersion
      ? { currentVersion: "3.0", supportedVersions: ["3.0"] }
      : { currentVersion: "2.0", supportedVersions: ["2.0"] },
    discovery: { version: "1.0.0" },
    authentication: { supportedGrantTypes: ["client_credentials"], clientIdGeneration: ["by_app", "by_merchant"] },
    capabilities: {
      orders: {
        version: "2.0.0-rc.2",
        supported: true,
        originator: {
          supported: true,
          supportedEvents: [...V2_MANIFEST_EVENTS],
          unsupportedEvents: [],
          supportsWebhook: true,
          supportsPolling: true,
        },
        receiver: {
          supported: true,
          supportedOperations: V2_OPERATIONS.filter((operation) => !omitted.has(operation)),
          unsupportedOperations: [...V2_UNSUPPORTED, ...V2_OPERATIONS.filter((operation) => omitted.has(operation))],
          supportsWebhook: false,
          supportsPolling: true,
        },
      },
      merchant: {
        version: "2.0.0-rc.2",
        supported: true,
        supportsPartialUpdate: true,
        supportsFullGetByOriginator: true,
        ...(catalogSyncModel !== "none" && { catalogSyncModel }),
        supportedOperations: [
          "listMerchants",
          "getMerchantStatus",
          "listMenus",
          "getMenuSnapshot",
          "replaceMenuSnapshot",
          "listItemOffers",
          "updateItemOffer",
          "pauseService",
          "updateService",
        ],
      },
    },
  };
}
