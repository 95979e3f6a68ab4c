import { defineConfig, devices } from "@playwright/test";
import { E2E_AUTH_SECRET } from "./e2e/support/accounts";
import { CHROMIUM_ARGS, chromiumExecutablePath } from "./e2e/support/browser";

const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: "./e2e",
  // One server with one embedded PGlite database: tests run one at a time.
  workers: 1,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [["list"], ["html", { open: "never" }]] : "list",
  timeout: 60_000,
  use: {
    baseURL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: chromiumExecutablePath,
      args: CHROMIUM_ARGS,
    },
  },
  projects: [
    {
      // The kitchen wall tablet: the board's main target.
      name: "tablet",
      use: {
        browserName: "chromium",
        viewport: { width: 1024, height: 768 },
        hasTouch: true,
        isMobile: false,
        locale: "pt-BR",
      },
    },
    {
      // A phone-sized check of the board; process-level specs (crash recovery…) need not run twice.
      name: "phone",
      testMatch: /board\.spec\.ts/,
      use: {
        ...devices["Pixel 7"],
        browserName: "chromium",
        viewport: { width: 390, height: 844 },
        locale: "pt-BR",
      },
    },
  ],
  webServer: {
    // Builds when needed and starts `next start` with a fresh data directory and the embedded
    // sandbox (simulator effectively off, so every order in a test is one the test created).
    command: "node scripts/e2e-server.mjs",
    url: `${baseURL}/api/health`,
    env: { E2E_PORT: String(port), NEXT_TELEMETRY_DISABLED: "1", AUTH_SECRET: E2E_AUTH_SECRET },
    reuseExistingServer: !process.env.CI,
    timeout: 240_000,
    stdout: "pipe",
    stderr: "pipe",
  },
});
