import Ajv, { type ValidateFunction } from "ajv";
import addFormats from "ajv-formats";
import yaml from "js-yaml";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { officialSchemaDir } from "./open-delivery-spec";

// Open Delivery 2.0 rc.2's orders document (open-delivery-v2/orders.openapi.yaml, beside the 1.x
// documents found by ./open-delivery-spec.ts): bodies Comanda reads and sends in 2.0 are checked
// against its component schemas. Without the file every body passes and `ordersV2DocumentFound`
// is false, so each test says it skipped the check.

const FILE = path.join(path.dirname(officialSchemaDir), "open-delivery-v2", "orders.openapi.yaml");
export const ordersV2DocumentFound = existsSync(FILE);

let ajv: Ajv | undefined;
const compiled = new Map<string, ValidateFunction>();

function load(): Ajv {
  if (ajv) return ajv;
  ajv = new Ajv({ strict: false, allErrors: true, logger: false });
  ajv.addFormat("decimal", true).addFormat("float", true).addFormat("double", true);
  addFormats(ajv);
  const doc = yaml.load(readFileSync(FILE, "utf8")) as { components: unknown; paths: unknown };
  ajv.addSchema({ $id: "orders-v2", components: doc.components, paths: doc.paths });
  return ajv;
}

/** Errors of a body against a component schema of the 2.0 orders document ([] when valid or absent). */
export function ordersV2Errors(schema: string, body: unknown): string[] {
  if (!ordersV2DocumentFound) return [];
  let validate = compiled.get(schema);
  if (!validate) {
    validate = load().compile({ $ref: `orders-v2#/components/schemas/${schema}` });
    compiled.set(schema, validate);
  }
  return validate(body) ? [] : (validate.errors ?? []).map((e) => `${schema} ${e.instancePath || "/"} ${e.message}`);
}

/** Errors of a request body against what a 2.0 path's operation declares ([] when valid or absent). */
export function ordersV2RequestErrors(route: string, method: string, body: unknown): string[] {
  if (!ordersV2DocumentFound) return [];
  const key = `${method} ${route}`;
  let validate = compiled.get(key);
  if (!validate) {
    const token = (part: string) => encodeURIComponent(part.replace(/~/g, "~0").replace(/\//g, "~1"));
    const pointer = `/paths/${token(route)}/${method.toLowerCase()}/requestBody/content/${token("application/json")}/schema`;
    validate = load().compile({ $ref: `orders-v2#${pointer}` });
    compiled.set(key, validate);
  }
  return validate(body) ? [] : (validate.errors ?? []).map((e) => `${key} ${e.instancePath || "/"} ${e.message}`);
}
