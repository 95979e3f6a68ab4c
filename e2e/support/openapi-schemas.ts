import Ajv, { type ValidateFunction } from "ajv";
import addFormats from "ajv-formats";
import yaml from "js-yaml";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { officialSchemaDir } from "./open-delivery-spec";

// The official OpenAPI document's component schemas (open-delivery-openapi-1.3.0.yaml, beside the
// JSON schemas found by ./open-delivery-spec.ts), for what has no JSON schema file: the merchant
// section (Merchant, MerchantUpdate, MerchantAPIInfo). Without the file every body passes (the
// check skipped, as with the order schemas).

const openApiFile = path.join(path.dirname(officialSchemaDir), "open-delivery-openapi-1.3.0.yaml");
export const openApiFound = existsSync(openApiFile);

const ajv = new Ajv({ strict: false, allErrors: true, logger: false });
// The document's own formats (decimal, CRC32, UUID) are descriptive; the types still apply.
ajv.addFormat("decimal", true).addFormat("CRC32", true).addFormat("UUID", true);
addFormats(ajv);
let loaded = false;
const compiled = new Map<string, ValidateFunction>();

export function openApiSchema(name: string): ValidateFunction {
  const cached = compiled.get(name);
  if (cached) return cached;
  if (!openApiFound) return ajv.compile({});
  if (!loaded) {
    const doc = yaml.load(readFileSync(openApiFile, "utf8")) as { components: Record<string, unknown> };
    // OpenAPI 3.0's discriminator is documentation here: the variants are allOf extensions.
    const components = JSON.parse(JSON.stringify(doc.components), (key, value: unknown) =>
      key === "discriminator" ? undefined : value,
    ) as Record<string, unknown>;
    ajv.addSchema({ $id: "openapi", components });
    loaded = true;
  }
  const validate = ajv.compile({ $ref: `openapi#/components/schemas/${name}` });
  compiled.set(name, validate);
  return validate;
}

/** Readable errors ([] when valid). */
export function openApiErrors(name: string, body: unknown): string[] {
  const validate = openApiSchema(name);
  return validate(body) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || "/"} ${e.message ?? ""}`);
}
