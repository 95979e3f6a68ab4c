import { readFileSync } from "node:fs";
import path from "node:path";
import Ajv, { type ValidateFunction } from "ajv";
import addFormats from "ajv-formats";

/**
 * The Open Delivery standard's official JSON schemas (../shared/spec/open-delivery-schemas), to
 * check what Comanda sends. Comanda's side loads them itself: the sandbox has its own loader, so
 * the two sides of the protocol are checked independently.
 */
const schemaDir = path.resolve(process.cwd(), "../shared/spec/open-delivery-schemas");
const ajv = new Ajv({ strict: false, allErrors: true });
addFormats(ajv);
// The validator's schemas predate 1.5 of the standard; these are its allowed extensions.
const extensions = ["PREPARING", "PICKED_UP"];

export type OfficialOperation = "order-ack" | "order-confirm" | "order-dispatch" | "order-cancel-request" | "order-cancel-deny";

const compiled = new Map<string, ValidateFunction>();

export function requestSchema(operation: OfficialOperation): ValidateFunction {
  const cached = compiled.get(operation);
  if (cached) return cached;
  const file = JSON.parse(readFileSync(path.join(schemaDir, `${operation}.json`), "utf8")) as { request: unknown };
  const schema = JSON.parse(JSON.stringify(file.request), (key, value: unknown) =>
    key === "enum" && Array.isArray(value) && value.includes("CREATED") ? [...value, ...extensions] : value,
  ) as object;
  const validate = ajv.compile(schema);
  compiled.set(operation, validate);
  return validate;
}

/** Validation errors as readable lines ([] when the body is valid). */
export function officialErrors(operation: OfficialOperation, body: unknown): string[] {
  const validate = requestSchema(operation);
  return validate(body) ? [] : (validate.errors ?? []).map((error) => `${error.instancePath || "/"} ${error.message ?? ""}`);
}
