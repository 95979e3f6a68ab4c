import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

// Where tests find the official Open Delivery JSON schemas: beside the project, in
// ../shared/spec, unless OPEN_DELIVERY_SPEC_DIR names another folder. The repo stands alone
// without them: the schema checks are then skipped, saying so once, and everything else runs.
// Both sides of the protocol read the files through here; each compiles its own validators.

const specDir = path.resolve(process.cwd(), process.env.OPEN_DELIVERY_SPEC_DIR ?? "../shared/spec");
const schemaDir = path.join(specDir, "open-delivery-schemas");

export const officialSchemasFound = existsSync(schemaDir);

// Once per module instance: vitest gives each test file its own, so once per test file.
let skipTold = false;

/** One official schema file (e.g. "order-details"), or undefined when the schemas are not there. */
export function readOfficialSchemaFile(name: string): Record<string, unknown> | undefined {
  if (!officialSchemasFound) {
    if (!skipTold) console.log(`official Open Delivery schemas not found at ${schemaDir}: schema checks skipped`);
    skipTold = true;
    return undefined;
  }
  return JSON.parse(readFileSync(path.join(schemaDir, `${name}.json`), "utf8")) as Record<string, unknown>;
}
