import { officialSchemaDir, officialSchemasFound } from "./open-delivery-spec";

// Vitest's global setup: runs once per test run, so a run without the official schemas says
// so in one line instead of once per test file.
export default function schemaCheckNotice(): void {
  if (!officialSchemasFound)
    console.log(`official Open Delivery schemas not found at ${officialSchemaDir}: schema checks skipped`);
}
