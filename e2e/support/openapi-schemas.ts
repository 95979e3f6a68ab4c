import Ajv, { type ValidateFunction } from "ajv";
import addFormats from "ajv-formats";
import yaml from "js-yaml";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { officialSchemaDir } from "./open-delivery-spec";

// The official OpenAPI documents' component schemas (open-delivery-openapi-1.3.0.yaml and the
// newest 1.x, 1.7.0, beside the JSON schemas found by ./open-delivery-spec.ts), for what has no
// JSON schema file: the merchant section (Merchant, MerchantUpdate, MerchantAPIInfo). A body is
// checked against every document found; without the files every body passes (the check skipped,
// as with the order schemas).

const VERSIONS = ["1.3.0", "1.7.0"] as const;
type Version = (typeof VERSIONS)[number];
const openApiFile = (version: Version) =>
  path.join(path.dirname(officialSchemaDir), `open-delivery-openapi-${version}.yaml`);
const found = VERSIONS.filter((version) => existsSync(openApiFile(version)));
export const openApiFound = found.length > 0;

type Components = { schemas: Record<string, { discriminator?: { mapping?: Record<string, string> } }> };
const documents = new Map<Version, { ajv: Ajv; components: Components; compiled: Map<string, ValidateFunction> }>();

function document(version: Version) {
  const loaded = documents.get(version);
  if (loaded) return loaded;
  const ajv = new Ajv({ strict: false, allErrors: true, logger: false });
  // The document's own formats (decimal, CRC32, UUID) are descriptive; the types still apply.
  ajv.addFormat("decimal", true).addFormat("CRC32", true).addFormat("UUID", true);
  addFormats(ajv);
  const doc = yaml.load(readFileSync(openApiFile(version), "utf8")) as { components: Components };
  // OpenAPI 3.0's discriminator is not JSON Schema: Ajv gets the variants as plain allOf
  // extensions, and `openApiErrors` follows the mapping itself.
  const components = JSON.parse(JSON.stringify(doc.components), (key, value: unknown) =>
    key === "discriminator" ? undefined : value,
  ) as Record<string, unknown>;
  ajv.addSchema({ $id: "openapi", components });
  const entry = { ajv, components: doc.components, compiled: new Map<string, ValidateFunction>() };
  documents.set(version, entry);
  return entry;
}

function errorsIn(version: Version, name: string, body: unknown): string[] {
  const { ajv, compiled } = document(version);
  let validate = compiled.get(name);
  if (!validate) {
    validate = ajv.compile({ $ref: `openapi#/components/schemas/${name}` });
    compiled.set(name, validate);
  }
  return validate(body)
    ? []
    : (validate.errors ?? []).map((e) => `${version} ${name} ${e.instancePath || "/"} ${e.message ?? ""}`);
}

/** The variant a discriminated schema's mapping names for this body (MerchantUpdate's entityType). */
function variant(version: Version, name: string, body: unknown): string | undefined {
  const discriminator = document(version).components.schemas[name]?.discriminator as
    | { propertyName?: string; mapping?: Record<string, string> }
    | undefined;
  if (!discriminator?.propertyName || typeof body !== "object" || body === null) return undefined;
  const value = (body as Record<string, unknown>)[discriminator.propertyName];
  const target = typeof value === "string" ? discriminator.mapping?.[value] : undefined;
  return target?.split("/").pop();
}

/** Readable errors against every official document found ([] when valid in all of them). */
export function openApiErrors(name: string, body: unknown): string[] {
  return found.flatMap((version) => {
    const mapped = variant(version, name, body);
    return [...errorsIn(version, name, body), ...(mapped ? errorsIn(version, mapped, body) : [])];
  });
}
