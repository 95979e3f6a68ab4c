import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const root = fileURLToPath(new URL(".", import.meta.url));

export default defineConfig({
  resolve: {
    alias: {
      "@/": root,
      // Tests run on the server side, where `server-only` is a no-op (its react-server export).
      "server-only": fileURLToPath(new URL("./node_modules/server-only/empty.js", import.meta.url)),
    },
  },
  test: {
    globalSetup: ["e2e/support/schema-check-notice.ts"],
    environment: "node",
    // Faults are injected on purpose; their warnings would bury the test report.
    env: { LOG_LEVEL: "error" },
    include: ["lib/**/*.test.ts", "components/**/*.test.{ts,tsx}", "app/**/*.test.ts", "scripts/**/*.test.ts"],
    exclude: ["node_modules", "e2e", ".next", "data"],
    // Loaded through Vite rather than Node, so lib/i18n/precompiled.test.ts can give a copy of it
    // the precompiled formatter, as the next-intl plugin's alias does in the build.
    server: { deps: { inline: ["use-intl"] } },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Integration tests start sandbox processes and PGlite instances: two cores, so a few at a time.
    maxWorkers: 2,
  },
});
