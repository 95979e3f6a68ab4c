import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";

/**
 * The browser tests' server (scripts/e2e-server.mjs: a production build, a fresh database, the
 * embedded sandbox) on `port` for a bench, the simulator off so that the bench's orders are all
 * there is; `env` adds to or overrides the bench's settings.
 */
export function startE2eServer(port: number, env: Record<string, string> = {}): ChildProcess {
  return spawn(process.execPath, [path.join("scripts", "e2e-server.mjs")], {
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      E2E_PORT: String(port),
      SANDBOX_SIMULATOR_INTERVAL_SECONDS: "0",
      POLL_INTERVAL_SECONDS: "1",
      LOG_LEVEL: "warn",
      NEXT_TELEMETRY_DISABLED: "1",
      ...env,
    },
  });
}

/**
 * The environment of a bench's own server on `port` (loopback only): a fresh `dataDir`, PGlite,
 * the embedded sandbox, whatever the calling shell had set; `extra` adds to it.
 */
export function embeddedServerEnv(
  port: number,
  dataDir: string,
  extra: Record<string, string> = {},
): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PORT: String(port),
    BIND_ADDRESS: "127.0.0.1",
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    PLATFORM_BASE_URL: "",
    SANDBOX_URL: "",
    LOG_LEVEL: "warn",
    NEXT_TELEMETRY_DISABLED: "1",
    ...extra,
  };
}
