import { existsSync } from "node:fs";
import { defineConfig, globalIgnores } from "eslint/config";
import prettier from "eslint-config-prettier/flat";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import { noCycleWithTypes } from "./eslint/no-cycle-with-types.mjs";

// The one-way dependencies of docs/architecture.md ("Dependency rules"), enforced on every file.
const tests = ["**/*.test.ts", "**/*.test.tsx"];
const notSandbox = [
  "./app/!(sandbox)/**",
  "./app/*",
  "./components/**",
  "./lib/!(sandbox)/**",
  "./lib/*",
  "./instrumentation.ts",
];

const layers = [
  { target: "./lib", from: "./components", message: "lib/ sits below components/: move the shared part into lib/." },
  { target: "./lib", from: "./app", message: "lib/ sits below app/: move the shared part into lib/." },
  {
    target: "./components",
    from: "./app",
    message: "components/ sits below app/: move the shared part into components/ or lib/.",
  },
  // The sandbox is a separate system that happens to live in the repo: it imports nothing of
  // Comanda's, and only its mount (app/sandbox) imports it.
  {
    target: "./lib/sandbox",
    from: "./lib",
    except: ["./sandbox"],
    message: "lib/sandbox imports nothing of Comanda's.",
  },
  { target: "./lib/sandbox", from: "./components", message: "lib/sandbox imports nothing of Comanda's." },
  { target: "./lib/sandbox", from: "./app", message: "lib/sandbox imports nothing of Comanda's." },
  {
    target: "./lib/sandbox",
    from: "./e2e",
    // The official documents' checkers read the standard only, nothing of Comanda's.
    except: [
      "./support/sandbox",
      "./support/open-delivery-spec.ts",
      "./support/openapi-schemas.ts",
      "./support/openapi-check.ts",
      "./support/open-delivery-v2-schemas.ts",
      "./support/openapi-pointer.ts",
    ],
    message: "The sandbox's tests use its own test support only.",
  },
  {
    target: "./e2e/support/sandbox",
    from: "./lib",
    except: ["./sandbox"],
    message: "The sandbox's test support imports nothing of Comanda's.",
  },
  {
    target: notSandbox,
    from: "./lib/sandbox",
    message: "Talk to the sandbox over HTTP, like any platform; only app/sandbox mounts it.",
  },
  // lib/orders is pure: the lifecycle, projection, lanes and counts, testable without any I/O.
  {
    target: "./lib/orders",
    from: "./lib",
    except: ["./orders", "./contract", "./time"],
    message: "lib/orders is pure: it imports no I/O module (database, platform, sync, realtime).",
  },
  // lib/contract is a leaf both sides import: the browser parses with the schemas the server
  // answers with, so it can import nothing of the server's.
  {
    target: "./lib/contract",
    from: "./lib",
    except: ["./contract"],
    message: "lib/contract is a leaf: move what it needs into the contract.",
  },
];
// lib/platform holds the platform's clients only: what a store's configuration, the database or
// the sync make of them lives in lib/stores, lib/sync and lib/actions.
const platformClientsOnly = {
  target: "./lib/platform",
  from: "./lib",
  except: ["./platform", "./contract", "./orders", "./process", "./env.ts", "./log.ts", "./errors.ts"],
  message: "lib/platform holds clients only: read the database and the stores in lib/stores (or the caller).",
};
// Production code never imports test support, benches or command-line scripts.
const noTestSupport = [
  {
    target: ["./app", "./components", "./lib", "./instrumentation.ts"],
    from: "./e2e",
    message: "Production code never imports test support.",
  },
  {
    target: ["./app", "./components", "./lib", "./instrumentation.ts"],
    from: "./scripts",
    message: "Production code never imports scripts.",
  },
];

const storesTable = {
  name: "@/lib/db/schema",
  importNames: ["stores"],
  message: "Read and write stores through lib/stores.",
};
const zodInApp = ["zod", "zod/mini"].map((name) => ({
  name,
  message: "Request and answer schemas live in lib/contract; routes parse with them (lib/api/handler.ts).",
}));

// Text linted under a made-up path (lib/dependency-rules.test.ts lints its snippets so) is in no
// TypeScript project, and no module imports it: the typed rules and the cycle rule skip it.
const notOnDisk = (file) => !existsSync(file);

// The import plugin eslint-config-next loads, whose no-cycle rule ./eslint/no-cycle-with-types.mjs wraps.
const importPlugin = nextVitals.find((config) => config.plugins?.import).plugins.import;

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  prettier,
  globalIgnores([".next/**", "node_modules/**", "data/**", "test-results/**", "playwright-report/**", "next-env.d.ts"]),
  {
    files: ["**/*.{ts,tsx,mjs}"],
    rules: { "import/no-restricted-paths": ["error", { zones: layers }] },
  },
  {
    files: ["app/**", "components/**", "lib/**", "instrumentation.ts"],
    ignores: tests,
    rules: {
      "import/no-restricted-paths": ["error", { zones: [...layers, platformClientsOnly, ...noTestSupport] }],
    },
  },
  {
    // A store's configuration and secrets are read and written in lib/stores alone (and in the
    // database layer, inside its own transactions).
    files: ["components/**", "lib/**", "instrumentation.ts"],
    ignores: [...tests, "lib/stores/**", "lib/db/**"],
    rules: { "no-restricted-imports": ["error", { paths: [storesTable] }] },
  },
  {
    // Routes and pages parse with the contract's schemas: a schema written in app/ is one the
    // browser cannot share. (A later block's options replace an earlier one's: both rules here.)
    files: ["app/**"],
    ignores: tests,
    rules: { "no-restricted-imports": ["error", { paths: [storesTable, ...zodInApp] }] },
  },
  {
    // lib/orders: no Node built-ins, database drivers or server-only modules either.
    files: ["lib/orders/**"],
    ignores: tests,
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["node:*", "server-only", "drizzle-orm", "drizzle-orm/*", "pg", "@electric-sql/*"],
              message: "lib/orders is pure: no I/O.",
            },
          ],
        },
      ],
    },
  },
  {
    // Type-aware rules: a promise nobody awaits loses its rejection, and a switch over a union
    // silently ignores the member added later.
    files: ["**/*.{ts,tsx}"],
    ignores: [notOnDisk],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": "error",
      "@typescript-eslint/switch-exhaustiveness-check": "error",
    },
  },
  {
    // No import cycles, type imports included (see ./eslint/no-cycle-with-types.mjs).
    files: ["**/*.{ts,tsx,mjs}"],
    ignores: [notOnDisk],
    plugins: { comanda: { rules: { "no-cycle": noCycleWithTypes(importPlugin.rules["no-cycle"]) } } },
    // Packages cannot import our modules back: the rule need not parse them.
    settings: { "import/ignore": ["node_modules"] },
    rules: { "comanda/no-cycle": "error" },
  },
]);
