import { z } from "zod";

// What the sandbox's GET /.well-known/opendelivery answers (http/discovery-routes.ts), switched by
// PUT /control/discovery for tests of a consumer's bad input.

export const DISCOVERY_MODES = ["valid", "missing", "invalid", "unknownVersion"] as const;

export const OPERATIONS = [
  "getOrder",
  "confirmOrder",
  "setOrderPreparing",
  "setOrderReadyForPickup",
  "dispatchOrder",
  "setOrderDelivered",
  "sendOrderTracking",
  "requestCancellation",
] as const;
export const UNSUPPORTED = ["updateOrderStatus", "validateDeliveryCode", "patchOrderDetails", "concludeOrder"] as const;

/** A 2.0 platform's operations: 1.x's and validateDeliveryCode (v2/manifest.ts). */
export const V2_OPERATIONS = [...OPERATIONS, "validateDeliveryCode"] as const;
export const V2_UNSUPPORTED = UNSUPPORTED.filter((operation) => operation !== "validateDeliveryCode");

export const discoverySwitchSchema = z.strictObject({
  mode: z.enum(DISCOVERY_MODES).default("valid"),
  /** Operations the manifest leaves out of supportedOperations (and lists as unsupported). */
  omitOperations: z.array(z.enum(V2_OPERATIONS)).max(V2_OPERATIONS.length).default([]),
  /**
   * The catalogue sync model a 2.0 manifest declares (merchant.openapi.yaml's `catalogSyncModel`);
   * "none" leaves the field out. PUSH_CRUD by default, the document's example.
   */
  catalogSyncModel: z.enum(["PULL", "PUSH_FULL", "PUSH_CRUD", "none"]).default("PUSH_CRUD"),
});
export type DiscoverySwitch = z.infer<typeof discoverySwitchSchema>;

export const faithfulDiscovery = (): DiscoverySwitch => ({
  mode: "valid",
  omitOperations: [],
  catalogSyncModel: "PUSH_CRUD",
});
