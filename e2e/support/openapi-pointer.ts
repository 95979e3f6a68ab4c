import type Ajv from "ajv";
import type { ValidateFunction } from "ajv";

// Validation against the schema at a JSON pointer of an OpenAPI document registered in Ajv as
// "openapi" (openapi-schemas.ts for 1.x and discovery, open-delivery-v2-schemas.ts for 2.0), each
// pointer compiled once.

export type RegisteredDocument = { ajv: Ajv; compiled: Map<string, ValidateFunction> };

/** Readable errors (`{prefix} {instancePath} {message}`), [] when the body is valid. */
export function pointerErrors(document: RegisteredDocument, pointer: string, prefix: string, body: unknown): string[] {
  let validate = document.compiled.get(pointer);
  if (!validate) {
    validate = document.ajv.compile({ $ref: `openapi#${pointer}` });
    document.compiled.set(pointer, validate);
  }
  return validate(body)
    ? []
    : (validate.errors ?? []).map((e) => `${prefix} ${e.instancePath || "/"} ${e.message ?? ""}`);
}
