import Ajv, { type ValidateFunction } from "ajv";
import addFormats from "ajv-formats";
import yaml from "js-yaml";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { officialSchemaDir } from "./open-delivery-spec";
import { pointerErrors } from "./openapi-pointer";

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
const documents = new Map<
  string,
  { ajv: Ajv; components: Components; paths: Record<string, unknown>; compiled: Map<string, ValidateFunction> }
>();

/** Open Delivery 2.0 rc.2's discovery document (the well-known manifest), beside the 1.x ones. */
const DISCOVERY_FILE = path.join(path.dirname(officialSchemaDir), "open-delivery-v2", "discovery.openapi.yaml");
export const discoveryDocumentFound = existsSync(DISCOVERY_FILE);

function document(version: Version | "discovery-2.0") {
  const loaded = documents.get(version);
  if (loaded) return loaded;
  const file = version === "discovery-2.0" ? DISCOVERY_FILE : openApiFile(version);
  const ajv = new Ajv({ strict: false, allErrors: true, logger: false });
  // The document's own formats (decimal, CRC32, UUID) are descriptive; the types still apply.
  ajv.addFormat("decimal", true).addFormat("CRC32", true).addFormat("UUID", true);
  addFormats(ajv);
  const doc = yaml.load(readFileSync(file, "utf8")) as { components: Components; paths: unknown };
  // OpenAPI 3.0's discriminator is not JSON Schema: Ajv gets the variants as plain allOf
  // extensions, and `openApiErrors` follows the mapping itself.
  const { components, paths } = JSON.parse(
    JSON.stringify({ components: doc.components, paths: doc.paths }),
    (key, value: unknown) => (key === "discriminator" ? undefined : value),
  ) as { components: Record<string, unknown>; paths: Record<string, unknown> };
  ajv.addSchema({ $id: "openapi", components, paths });
  const entry = { ajv, components: doc.components, paths, compiled: new Map<string, ValidateFunction>() };
  documents.set(version, entry);
  return entry;
}

/** Errors against the schema at a JSON pointer of the document (a component, or a path's answer). */
const errorsAt = (version: Version | "discovery-2.0", pointer: string, label: string, body: unknown): string[] =>
  pointerErrors(document(version), pointer, `${version} ${label}`, body);

const errorsIn = (version: Version, name: string, body: unknown) =>
  errorsAt(version, `/components/schemas/${name}`, name, body);

/** The JSON pointer of what a path's operation answers with this status. */
function responsePointer(route: string, method: string, status: number): string {
  const token = (part: string) => encodeURIComponent(part.replace(/~/g, "~0").replace(/\//g, "~1"));
  return `/paths/${token(route)}/${method.toLowerCase()}/responses/${status}/content/${token("application/json")}/schema`;
}

/**
 * Errors of an answer against what a path's operation declares for that status, in every document
 * found that has the path (e.g. 1.7.0's GET /v1/merchant/{id}/status, which 1.3.0 lacks). A path
 * no document found declares is an error itself, so that a typo cannot pass for a valid answer.
 */
export function openApiResponseErrors(route: string, method: string, status: number, body: unknown): string[] {
  const versions = found.filter((version) => route in document(version).paths);
  if (openApiFound && versions.length === 0) return [`no document found declares ${route}`];
  const pointer = responsePointer(route, method, status);
  return versions.flatMap((version) => errorsAt(version, pointer, `${method} ${route} ${status}`, body));
}

/**
 * Errors of an answer against one version's document only (e.g. an order with 1.7's MIN_ORDER_FEE,
 * which 1.3.0 refuses); [] when that document is not there (then `openApiVersionFound` is false).
 */
export function openApiResponseErrorsIn(
  version: Version,
  route: string,
  method: string,
  status: number,
  body: unknown,
): string[] {
  if (!found.includes(version)) return [];
  if (!(route in document(version).paths)) return [`${version} does not declare ${route}`];
  const pointer = responsePointer(route, method, status);
  return errorsAt(version, pointer, `${method} ${route} ${status}`, body);
}

export const openApiVersionFound = (version: Version) => found.includes(version);

/** The variant a discriminated schema's mapping names for this body (MerchantUpdate's entityType). */
function variant(version: Version, name: string, body: unknown): string | undefined {
  const discriminator = document(version).components.schemas[name]?.discriminator as
    { propertyName?: string; mapping?: Record<string, string> } | undefined;
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

/**
 * Errors of a discovery manifest against 2.0 rc.2's DiscoveryManifest ([] when valid, and when the
 * document is not there: then `discoveryDocumentFound` is false and the test says "skipped").
 */
export function discoveryManifestErrors(body: unknown): string[] {
  if (!discoveryDocumentFound) return [];
  return errorsAt("discovery-2.0", "/components/schemas/DiscoveryManifest", "DiscoveryManifest", body);
}

/** The document's own examples of GET /.well-known/opendelivery (minimal, complete); [] without it. */
export function discoveryExamples(): unknown[] {
  if (!discoveryDocumentFound) return [];
  const doc = yaml.load(readFileSync(DISCOVERY_FILE, "utf8")) as {
    paths: Record<
      string,
      {
        get: {
          responses: Record<string, { content: Record<string, { examples: Record<string, { value: unknown }> }> }>;
        };
      }
    >;
  };
  const examples = doc.paths["/.well-known/opendelivery"]!.get.responses["200"]!.content["application/json"]!.examples;
  return Object.values(examples).map((example) => example.value);
}
