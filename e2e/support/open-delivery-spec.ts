import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

// Where tests find the official Open Delivery JSON schemas: beside the project, in
// ../shared/spec, unless OPEN_DELIVERY_SPEC_DIR names another folder. The repo stands alone
// without them: the schema checks are then skipped (the test run says so once, in
// schema-check-notice.ts) and everything else runs.
// Both sides of the protocol read the files through here; each compiles its own validators.

const specDir = path.resolve(process.cwd(), process.env.OPEN_DELIVERY_SPEC_DIR ?? "../shared/spec");
export const officialSchemaDir = path.join(specDir, "open-delivery-schemas");

export const officialSchemasFound = existsSync(officialSchemaDir);

/** One official schema file (e.g. "order-details"), or undefined when the schemas are not there. */
export function readOfficialSchemaFile(name: string): Record<string, unknown> | undefined {
  if (!officialSchemasFound) return undefined;
  return JSON.parse(readFileSync(path.join(officialSchemaDir, `${name}.json`), "utf8")) as Record<string, unknown>;
}
