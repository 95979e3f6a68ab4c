import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

// The one-way dependencies of docs/architecture.md are ESLint rules (eslint.config.mjs); these
// cases prove each rule fires on an import that breaks it, and stays quiet on one that doesn't.
const eslint = new ESLint({ cwd: process.cwd() });

async function importErrors(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: file });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === "import/no-restricted-paths" || message.ruleId === "no-restricted-imports")
    .map((message) => message.message);
}

describe("dependency rules", () => {
  it.each([
    ["lib/ imports components/", "lib/sync/example.ts", 'import { Board } from "@/components/board/board";'],
    ["lib/ imports app/", "lib/sync/example.ts", 'import { GET } from "@/app/api/health/route";'],
    ["components/ imports app/", "components/board/example.tsx", 'import { GET } from "@/app/api/health/route";'],
    ["lib/orders imports the database", "lib/orders/example.ts", 'import { getDb } from "@/lib/db";'],
    [
      "lib/orders imports the platform",
      "lib/orders/example.ts",
      'import { PlatformError } from "@/lib/platform/errors";',
    ],
    ["lib/orders imports a Node built-in", "lib/orders/example.ts", 'import { readFileSync } from "node:fs";'],
    ["the sandbox imports Comanda", "lib/sandbox/example.ts", 'import { env } from "@/lib/env";'],
    ["the sandbox imports Comanda by a relative path", "lib/sandbox/example.ts", 'import { env } from "../env";'],
    ["Comanda imports the sandbox", "lib/sync/example.ts", 'import { createSandbox } from "@/lib/sandbox";'],
    [
      "production code imports test support",
      "lib/sync/example.ts",
      'import { createTestDatabase } from "@/e2e/support/database";',
    ],
    ["production code imports a script", "app/api/example/route.ts", 'import "@/scripts/start.mjs";'],
    [
      "the stores table is read outside lib/stores",
      "lib/history/example.ts",
      'import { stores } from "@/lib/db/schema";',
    ],
    ["the stores table is read in a route", "app/api/example/route.ts", 'import { stores } from "@/lib/db/schema";'],
    ["the contract imports the server", "lib/contract/example.ts", 'import { ROLES } from "@/lib/auth/sessions";'],
    ["the contract imports the server by a relative path", "lib/contract/example.ts", 'import { env } from "../env";'],
    ["a platform client reads the database", "lib/platform/example.ts", 'import { getDb } from "@/lib/db";'],
    [
      "a platform client reads a store's configuration",
      "lib/platform/admin/example.ts",
      'import type { ChannelConfig } from "@/lib/stores/config";',
    ],
    ["a route writes a schema of its own", "app/api/example/route.ts", 'import { z } from "zod";'],
  ])("refuses: %s", async (_name, file, source) => {
    expect(await importErrors(file, source)).not.toEqual([]);
  });

  it.each([
    ["app/ imports lib/", "app/api/example/route.ts", 'import { env } from "@/lib/env";'],
    [
      "lib/orders imports the contract",
      "lib/orders/example.ts",
      'import type { BoardOrder } from "@/lib/contract/board";',
    ],
    [
      "the sandbox's mount imports it",
      "app/sandbox/example/route.ts",
      'import { createSandbox } from "@/lib/sandbox";',
    ],
    [
      "a test imports test support",
      "lib/sync/example.test.ts",
      'import { createTestDatabase } from "@/e2e/support/database";',
    ],
    ["the contract imports the contract", "lib/contract/example.ts", 'import { textId } from "./text";'],
    ["the contract imports zod", "lib/contract/example.ts", 'import { z } from "zod";'],
    [
      "a platform client imports the contract and its own transport",
      "lib/platform/example.ts",
      'import { storableText } from "@/lib/contract/storable-text";\nimport { platformFetch } from "./transport";',
    ],
    ["a platform client reads the environment", "lib/platform/example.ts", 'import { env } from "@/lib/env";'],
    [
      "lib/stores builds a platform client",
      "lib/stores/example.ts",
      'import { AdminClient } from "@/lib/platform/admin/client";',
    ],
    [
      "a route parses with the contract",
      "app/api/example/route.ts",
      'import { orderParamsSchema } from "@/lib/contract/route-params";',
    ],
  ])("allows: %s", async (_name, file, source) => {
    expect(await importErrors(file, source)).toEqual([]);
  });
});
