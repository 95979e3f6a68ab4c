import { defineConfig, devices } from "@playwright/test";
import { E2E_AUTH_SECRET } from "./e2e/support/accounts";
import { CHROMIUM_ARGS, chromiumExecutablePath } from "./e2e/support/browser";

const port = Number(process.env.E2E_PORT ?? 3100);

/**
 * Specs that move the sandbox platform's clock forward for good (it never goes back: the 8-minute
 * confirm deadline, scheduled orders coming due). They run after every other spec (the last
 * project): a platform minutes ahead of Comanda refused a test order that Comanda had scheduled
 * 45 minutes ahead (for a closed store's opening) as "at least 40 minutes from now".
 */
const MOVES_PLATFORM_CLOCK = /board-(lanes|order-flow)\.spec\.ts/;

// The kitchen wall tablet: the board's main target.
const tablet = {
  browserName: "chromium" as const,
  viewport: { width: 1024, height: 768 },
  hasTouch: true,
  isMobile: false,
  locale: "pt-BR",
};
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
    { name: "tablet", testIgnore: MOVES_PLATFORM_CLOCK, use: tablet },
    {
      // A phone-sized check of the board; process-level specs (crash recovery…) need not run twice.
      name: "phone",
      testMatch: /(board|own-order-form)\.spec\.ts/,
      use: {
        ...devices["Pixel 7"],
        browserName: "chromium",
        viewport: { width: 390, height: 844 },
        locale: "pt-BR",
      },
    },
    // Last: one worker runs the projects in this order.
    { name: "tablet-clock", testMatch: MOVES_PLATFORM_CLOCK, use: tablet },
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
