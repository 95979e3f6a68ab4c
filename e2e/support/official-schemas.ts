import Ajv, { type ValidateFunction } from "ajv";
import addFormats from "ajv-formats";
import { readOfficialSchemaFile } from "./open-delivery-spec";

/**
 * The Open Delivery standard's official JSON schemas (found by ./open-delivery-spec.ts), to
 * check what Comanda sends. Comanda's side compiles its own validators: the sandbox has its own,
 * so the two sides of the protocol are checked independently. Without the schemas every body
 * passes (the check is skipped, and said so once).
 */
const ajv = new Ajv({ strict: false, allErrors: true });
addFormats(ajv);
// The validator's schemas predate 1.5 of the standard; these are its allowed extensions.
const extensions = ["PREPARING", "PICKED_UP"];

export type OfficialOperation =
  "order-ack" | "order-confirm" | "order-dispatch" | "order-cancel-request" | "order-cancel-deny";

const compiled = new Map<string, ValidateFunction>();

export function requestSchema(operation: OfficialOperation): ValidateFunction {
  const cached = compiled.get(operation);
  if (cached) return cached;
  const file = readOfficialSchemaFile(operation);
  // The empty schema accepts every body: the check is skipped.
  const schema = !file
    ? {}
    : (JSON.parse(JSON.stringify(file.request), (key, value: unknown) =>
        key === "enum" && Array.isArray(value) && value.includes("CREATED") ? [...value, ...extensions] : value,
      ) as object);
  const validate = ajv.compile(schema);
  compiled.set(operation, validate);
  return validate;
}

/** Validation errors as readable lines ([] when the body is valid). */
export function officialErrors(operation: OfficialOperation, body: unknown): string[] {
  const validate = requestSchema(operation);
  return validate(body)
    ? []
    : (validate.errors ?? []).map((error) => `${error.instancePath || "/"} ${error.message ?? ""}`);
}
