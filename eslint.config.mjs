import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  globalIgnores([".next/**", "node_modules/**", "data/**", "test-results/**", "playwright-report/**", "next-env.d.ts"]),
  {
    // The sandbox is a separate system: it must not reach into Comanda's modules (DESIGN.md).
    files: ["lib/sandbox/**/*.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ group: ["@/*"], message: "lib/sandbox imports nothing from the rest of Comanda." }] }],
    },
  },
  {
    // Comanda's side never imports the sandbox: it talks to it over HTTP like any platform.
    files: ["lib/**/*.ts", "components/**/*.{ts,tsx}"],
    ignores: ["lib/sandbox/**"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ group: ["@/lib/sandbox", "@/lib/sandbox/*"], message: "Talk to the sandbox over HTTP." }] }],
    },
  },
  {
    // The order domain is pure (DESIGN.md): what it computes is stored and read in lib/db.
    files: ["lib/orders/**/*.ts"],
    ignores: ["lib/orders/**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["server-only", "@/lib/db", "@/lib/db/*", "@/lib/env", "drizzle-orm", "drizzle-orm/*", "pg", "@electric-sql/*", "node:*"],
              message: "lib/orders is pure, without I/O: persistence lives in lib/db.",
            },
            // Repeated: this rule replaces the one above for these files.
            { group: ["@/lib/sandbox", "@/lib/sandbox/*"], message: "Talk to the sandbox over HTTP." },
          ],
        },
      ],
    },
  },
]);
