import { it } from "vitest";
import { openApiFound } from "./openapi-schemas";

/**
 * A Vitest test that checks against the official OpenAPI documents: without ../shared/spec it is
 * skipped and its title says so, rather than passing with nothing checked.
 */
export const itAgainstOpenApi = (title: string, fn: () => void | Promise<void>) =>
  it.skipIf(!openApiFound)(openApiFound ? title : `${title} — skipped: ../shared not present`, fn);
