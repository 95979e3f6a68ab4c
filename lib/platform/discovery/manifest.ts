import { z } from "zod";

// The Open Delivery 2.0 discovery manifest (GET /.well-known/opendelivery), written from
// discovery.openapi.yaml (rc.2), our own code: Comanda's own manifest is built against it and
// every platform's is read through it. Like the document it allows keys it does not name (no
// `additionalProperties: false` anywhere), so a platform's extension never makes it invalid.

export const GRANT_TYPES = ["client_credentials", "authorization_code"] as const;
export const CLIENT_ID_GENERATION = ["by_app", "by_merchant"] as const;
export const ORDER_EVENT_TYPES = [
  "ORDER_CREATED",
  "ORDER_CONFIRMED",
  "ORDER_CANCELLED",
  "ORDER_COMPLETED",
  "ORDER_DISPATCHED",
] as const;
export const ORDER_OPERATIONS = [
  "confirmOrder",
  "requestCancellation",
  "getOrder",
  "updateOrderStatus",
  "dispatchOrder",
  "setOrderPreparing",
  "setOrderReadyForPickup",
  "setOrderDelivered",
  "sendOrderTracking",
  "validateDeliveryCode",
  "patchOrderDetails",
  "concludeOrder",
] as const;
export type OrderOperation = (typeof ORDER_OPERATIONS)[number];
/** merchant.openapi.yaml's catalogue sync models (Discovery's `catalogSyncModel`), mutually exclusive. */
export const CATALOG_SYNC_MODELS = ["PULL", "PUSH_FULL", "PUSH_CRUD"] as const;
export type CatalogSyncModel = (typeof CATALOG_SYNC_MODELS)[number];
export const LOGISTICS_EVENT_TYPES = [
  "LOGISTICS_CREATED",
  "LOGISTICS_ASSIGNED",
  "LOGISTICS_PICKED_UP",
  "LOGISTICS_DELIVERED",
  "LOGISTICS_CANCELLED",
] as const;
export const LOGISTICS_OPERATIONS = ["createLogistics", "cancelLogistics", "updateLogisticsStatus"] as const;

// RFC 4122 layout, any version (the document's `format: uuid`, as ajv-formats checks it).
const uuid = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);
const positive = z.number().int().min(1);

const capabilityBase = { version: z.string(), supported: z.boolean() };

const ordersOriginator = z.looseObject({
  supported: z.boolean(),
  supportedEvents: z.array(z.enum(ORDER_EVENT_TYPES)),
  unsupportedEvents: z.array(z.enum(ORDER_EVENT_TYPES)),
  supportsWebhook: z.boolean(),
  supportsPolling: z.boolean(),
});

const ordersReceiver = z.looseObject({
  supported: z.boolean(),
  supportedOperations: z.array(z.enum(ORDER_OPERATIONS)),
  unsupportedOperations: z.array(z.enum(ORDER_OPERATIONS)),
  supportsWebhook: z.boolean(),
  supportsPolling: z.boolean(),
});

const logisticsOriginator = z.looseObject({
  supported: z.boolean(),
  supportedEvents: z.array(z.enum(LOGISTICS_EVENT_TYPES)),
  unsupportedEvents: z.array(z.enum(LOGISTICS_EVENT_TYPES)),
  supportsWebhook: z.boolean(),
});

const logisticsReceiver = z.looseObject({
  supported: z.boolean(),
  supportedOperations: z.array(z.enum(LOGISTICS_OPERATIONS)),
  unsupportedOperations: z.array(z.enum(LOGISTICS_OPERATIONS)),
});

export const discoveryManifestSchema = z.looseObject({
  appId: uuid,
  openDelivery: z.looseObject({
    currentVersion: z.string(),
    supportedVersions: z.array(z.string()).min(1),
  }),
  discovery: z.looseObject({ version: z.string() }),
  authentication: z.looseObject({
    supportedGrantTypes: z.array(z.enum(GRANT_TYPES)).min(1),
    clientIdGeneration: z.array(z.enum(CLIENT_ID_GENERATION)).min(1),
  }),
  capabilities: z
    .looseObject({
      orders: z
        .looseObject({
          ...capabilityBase,
          originator: ordersOriginator.optional(),
          receiver: ordersReceiver.optional(),
        })
        .optional(),
      merchant: z
        .looseObject({
          ...capabilityBase,
          supportsPartialUpdate: z.boolean().optional(),
          supportsFullGetByOriginator: z.boolean().optional(),
        })
        .optional(),
      indoor: z
        .looseObject({
          ...capabilityBase,
          invoiceIssuer: z.enum(["pos", "app", "platform"]).optional(),
          invoiceIssueMoment: z.enum(["account_closing", "item_addition", "payment"]).optional(),
          usesAccountId: z.boolean().optional(),
        })
        .optional(),
      customer: z
        .looseObject({
          ...capabilityBase,
          supportsBatchGet: z.boolean().optional(),
          supportsBatchPost: z.boolean().optional(),
          maxBatchSize: positive.optional(),
          maxGetPeriodDays: positive.optional(),
          requestsPerSecond: positive.optional(),
          maxPayloadSizeKb: positive.optional(),
          acceptedGetPeriodicity: z.enum(["real_time", "hourly", "daily", "weekly"]).optional(),
        })
        .optional(),
      logistics: z
        .looseObject({
          ...capabilityBase,
          originator: logisticsOriginator.optional(),
          receiver: logisticsReceiver.optional(),
        })
        .optional(),
    })
    // minProperties: 1 — any key counts, as in the document.
    .refine((capabilities) => Object.keys(capabilities).length > 0, { error: "declares no capability" }),
});
export type DiscoveryManifest = z.infer<typeof discoveryManifestSchema>;

export type ParsedManifest = { ok: true; manifest: DiscoveryManifest } | { ok: false; problem: string };

/**
 * A platform's answer, judged: never throws, whatever the JSON (a manifest is read from another
 * party's server). The problem names the first few fields at fault, short enough for Operations.
 */
export function parseManifest(json: unknown): ParsedManifest {
  const parsed = discoveryManifestSchema.safeParse(json);
  if (parsed.success) return { ok: true, manifest: parsed.data };
  const problem = parsed.error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.map(String).join(".") || "(root)"}: ${issue.message}`)
    .join("; ");
  return { ok: false, problem: problem.slice(0, 300) };
}

/** The order operations the platform accepts from Comanda, as it declares them (none without an orders receiver). */
export function declaredOperations(manifest: DiscoveryManifest): OrderOperation[] {
  const receiver = manifest.capabilities.orders?.supported ? manifest.capabilities.orders.receiver : undefined;
  return receiver?.supported ? [...new Set(receiver.supportedOperations)] : [];
}

/**
 * The catalogue sync model the platform declares (`capabilities.merchant.catalogSyncModel`), or
 * null. merchant.openapi.yaml (rc.2) says a participant MUST declare it in Discovery, but
 * discovery.openapi.yaml's MerchantCapability does not name the field: it rides as one of the
 * extra keys that document allows, so a value it does not know (or none) is "not declared" and
 * never refuses the manifest — the orders of a platform must not stop over its catalogue's field.
 */
export function declaredCatalogSyncModel(manifest: DiscoveryManifest): CatalogSyncModel | null {
  const merchant = manifest.capabilities.merchant;
  if (!merchant?.supported) return null;
  const model = merchant.catalogSyncModel;
  return (CATALOG_SYNC_MODELS as readonly unknown[]).includes(model) ? (model as CatalogSyncModel) : null;
}

/** The order events the platform says it emits. */
export function declaredEvents(manifest: DiscoveryManifest): string[] {
  const originator = manifest.capabilities.orders?.supported ? manifest.capabilities.orders.originator : undefined;
  return originator?.supported ? [...new Set(originator.supportedEvents)] : [];
}
