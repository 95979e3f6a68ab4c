import { expect, test } from "@playwright/test";
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { freePort } from "./sandbox-process";

/**
 * Comanda's production server as `npm start` serves it (next start with the HTTP limits
 * installed: scripts/start-args.mjs's nextStartCommand, spelled out here because Playwright's loader cannot
 * import an .mjs module), on a port of its own with its own DATA_DIR: for specs that need a
 * server to themselves (flooding it, restarting it on a restored database). The browser tests'
 * web server has built the app.
 */
export interface ComandaServer {
  base: string;
  child: ChildProcess;
  /** The server process's resident memory now, in MB (Linux). */
  rssMb(): number;
  stop(): Promise<void>;
}

export async function startComandaServer(settings: {
  dataDir: string;
  env?: Record<string, string>;
}): Promise<ComandaServer> {
  const port = await freePort();
  const env = {
    ...process.env,
    NEXT_TELEMETRY_DISABLED: "1",
    NEXT_MANUAL_SIG_HANDLE: "1",
    PORT: String(port),
    BIND_ADDRESS: "127.0.0.1",
    DATA_DIR: settings.dataDir,
    DATABASE_URL: "",
    PLATFORM_BASE_URL: "",
    SANDBOX_URL: "",
    SANDBOX_SIMULATOR_INTERVAL_SECONDS: "0",
    SANDBOX_OPEN_AROUND_THE_CLOCK: "true",
    POLL_INTERVAL_SECONDS: "1",
    LOG_LEVEL: "error",
    ...settings.env,
  };
  const args = [
    "--import",
    pathToFileURL(path.resolve("scripts/http-limits-preload.mjs")).href,
    require.resolve("next/dist/bin/next"),
    "start",
    "--port",
    String(port),
    "--hostname",
    "127.0.0.1",
  ];
  const child = spawn(process.execPath, args, { env, stdio: ["ignore", "ignore", "inherit"] });
  const base = `http://127.0.0.1:${port}`;
  // Live once it answers: polled by Playwright (no fixed sleep); an early exit fails at once.
  await expect
    .poll(
      async () => {
        if (child.exitCode !== null) throw new Error(`Comanda exited at start (${child.exitCode})`);
        return (await fetch(`${base}/api/health/live`).catch(() => null))?.ok ?? false;
      },
      { message: "Comanda did not start within 90 s", timeout: 90_000, intervals: [250] },
    )
    .toBe(true);
  return {
    base,
    child,
    rssMb: () => {
      const status = readFileSync(`/proc/${child.pid}/status`, "utf8");
      return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
    },
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 20_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Signs in, retrying while the server is still seeding the sandbox's demo accounts. */
export async function signInWhenReady(sign: () => Promise<string>): Promise<string> {
  let cookie = "";
  await expect(async () => {
    cookie = await sign();
  }).toPass({ timeout: 60_000, intervals: [500] });
  return cookie;
}

/**
 * Playwright's test on a Comanda server of its own (fixture `comanda`), started once for a spec's
 * tests with these settings and a fresh data directory (a worker fixture: Playwright resolves
 * `baseURL` before any beforeAll runs), stopped after them so it does not poll on through later
 * specs; every page and request of the tests talks to it. Playwright's fixture callback is named
 * `use`: renamed, so the React hooks rule does not take it for one.
 */
export function testOnOwnServer(name: string, env: Record<string, string>) {
  return test.extend<object, { comanda: ComandaServer }>({
    comanda: [
      async ({}, provide) => {
        const dataDir = mkdtempSync(path.join(os.tmpdir(), `comanda-${name}-`));
        const server = await startComandaServer({ dataDir, env });
        await provide(server);
        await server.stop();
        rmSync(dataDir, { recursive: true, force: true });
      },
      { scope: "worker", timeout: 150_000 },
    ],
    baseURL: async ({ comanda }, provide) => provide(comanda.base),
  });
}
