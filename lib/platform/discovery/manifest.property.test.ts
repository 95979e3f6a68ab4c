import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { discoveryDocumentFound, discoveryExamples, discoveryManifestErrors } from "@/e2e/support/openapi-schemas";
import {
  CATALOG_SYNC_MODELS,
  CLIENT_ID_GENERATION,
  declaredCatalogSyncModel,
  GRANT_TYPES,
  ORDER_EVENT_TYPES,
  ORDER_OPERATIONS,
  parseManifest,
} from "./manifest";
import { chooseDialect } from "./dialect";

// The manifest parser reads another party's server: it must never throw, and it must accept what
// discovery.openapi.yaml accepts (checked against the document itself when ../shared/spec is there).

const set = <T>(values: readonly T[], min = 0) => fc.uniqueArray(fc.constantFrom(...values), { minLength: min });

const manifest = fc.record({
  appId: fc.uuid(),
  openDelivery: fc.record({
    currentVersion: fc.constantFrom("1.7", "2.0", "1.3.0"),
    supportedVersions: fc.array(fc.constantFrom("1.7", "2.0", "1.5", "3.1"), { minLength: 1 }),
  }),
  discovery: fc.record({ version: fc.constant("1.0.0") }),
  authentication: fc.record({
    supportedGrantTypes: set(GRANT_TYPES, 1),
    clientIdGeneration: set(CLIENT_ID_GENERATION, 1),
  }),
  capabilities: fc.record({
    orders: fc.record({
      version: fc.constant("1.0.0"),
      supported: fc.constant(true),
      originator: fc.record({
        supported: fc.boolean(),
        supportedEvents: set(ORDER_EVENT_TYPES),
        unsupportedEvents: set(ORDER_EVENT_TYPES),
        supportsWebhook: fc.boolean(),
        supportsPolling: fc.boolean(),
      }),
      receiver: fc.record({
        supported: fc.boolean(),
        supportedOperations: set(ORDER_OPERATIONS),
        unsupportedOperations: set(ORDER_OPERATIONS),
        supportsWebhook: fc.boolean(),
        supportsPolling: fc.boolean(),
      }),
    }),
  }),
});

describe("the discovery manifest parser", () => {
  it("never throws, whatever the JSON", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (json) => {
        const parsed = parseManifest(json);
        expect(typeof parsed.ok).toBe("boolean");
      }),
      { numRuns: 500 },
    );
  });

  it("never throws on a manifest with any field replaced by any JSON", () => {
    fc.assert(
      fc.property(
        manifest,
        fc.constantFrom("appId", "openDelivery", "authentication", "capabilities"),
        fc.jsonValue(),
        (m, key, value) => {
          expect(() => parseManifest({ ...m, [key]: value })).not.toThrow();
        },
      ),
      { numRuns: 300 },
    );
  });

  it("accepts every manifest the document accepts, and refuses what it refuses", () => {
    fc.assert(
      fc.property(
        manifest,
        fc.option(fc.constantFrom("appId", "openDelivery", "discovery", "authentication", "capabilities")),
        (m, dropped) => {
          const body: Record<string, unknown> = { ...m };
          if (dropped) delete body[dropped];
          const ours = parseManifest(body).ok;
          expect(ours).toBe(dropped === null);
          if (discoveryDocumentFound) expect(discoveryManifestErrors(body).length === 0).toBe(ours);
        },
      ),
      { numRuns: 200 },
    );
  });

  it("accepts the document's own examples (skipped without ../shared/spec)", (context) => {
    if (!discoveryDocumentFound) return context.skip();
    const examples = discoveryExamples();
    expect(examples.length).toBeGreaterThanOrEqual(2);
    for (const example of examples) expect(parseManifest(example)).toMatchObject({ ok: true });
  });

  it("refuses a manifest declaring no capability, an empty version list or an unknown operation", () => {
    const base: Record<string, unknown> = fc.sample(manifest, { numRuns: 1, seed: 1 })[0]!;
    expect(parseManifest({ ...base, capabilities: {} }).ok).toBe(false);
    expect(parseManifest({ ...base, openDelivery: { currentVersion: "1.7", supportedVersions: [] } }).ok).toBe(false);
    const orders = (base.capabilities as { orders: { receiver: object } }).orders;
    const unknown = {
      ...base,
      capabilities: { orders: { ...orders, receiver: { ...orders.receiver, supportedOperations: ["teleport"] } } },
    };
    expect(parseManifest(unknown).ok).toBe(false);
    if (discoveryDocumentFound) expect(discoveryManifestErrors(unknown)).not.toEqual([]);
  });
});

describe("the catalogue sync model a manifest declares", () => {
  const withMerchant = (merchant: unknown): Record<string, unknown> => {
    const base = fc.sample(manifest, { numRuns: 1, seed: 2 })[0]!;
    return { ...base, capabilities: { ...base.capabilities, merchant } };
  };

  it("reads PULL, PUSH_FULL and PUSH_CRUD; anything else, or none, is not declared and refuses nothing", () => {
    fc.assert(
      fc.property(fc.oneof(fc.constantFrom(...CATALOG_SYNC_MODELS), fc.jsonValue()), (model) => {
        const body = withMerchant({ version: "2.0.0-rc.2", supported: true, catalogSyncModel: model });
        const parsed = parseManifest(body);
        expect(parsed.ok).toBe(true);
        if (!parsed.ok) return;
        const known = (CATALOG_SYNC_MODELS as readonly unknown[]).includes(model);
        expect(declaredCatalogSyncModel(parsed.manifest)).toBe(known ? model : null);
        // The discovery document does not name the field, and allows keys it does not name.
        if (discoveryDocumentFound) expect(discoveryManifestErrors(body)).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });

  it("is none without a supported merchant capability", () => {
    const unsupported = parseManifest(withMerchant({ version: "1", supported: false, catalogSyncModel: "PULL" }));
    expect(unsupported.ok && declaredCatalogSyncModel(unsupported.manifest)).toBe(null);
    const absent = parseManifest(fc.sample(manifest, { numRuns: 1, seed: 3 })[0]);
    expect(absent.ok && declaredCatalogSyncModel(absent.manifest)).toBe(null);
  });
});

describe("the dialect rule", () => {
  it("picks 2.0 when the platform declares it, else 1.x for any 1.x version, and nothing Comanda does not speak", () => {
    expect(chooseDialect(["1.7", "1.5"])).toBe("1.x");
    expect(chooseDialect(["2.0", "1.7.0"])).toBe("2.0");
    expect(chooseDialect(["1.7.0", "2.0.0-rc.2"])).toBe("2.0");
    expect(chooseDialect(["2.0"])).toBe("2.0");
    expect(chooseDialect(["3.0", "latest", ""])).toBeNull();
  });
});
