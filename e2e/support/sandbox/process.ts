import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";

/** The control API of a sandbox at `url` (its own process's, or one embedded at `{app}/sandbox`). */
export function sandboxControl(url: string): Pick<SandboxProcess, "control"> {
  return {
    async control<T>(method: string, pathname: string, body?: unknown): Promise<T> {
      const send = () =>
        fetch(`${url}${pathname}`, {
          method,
          headers: body === undefined ? {} : { "content-type": "application/json" },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
      // A pooled keep-alive connection can be closed by the server just as a request goes out
      // (seen after long pauses spent creating databases); control calls are safe to resend.
      const response = await send().catch(send);
      if (!response.ok) throw new Error(`${method} ${pathname} → HTTP ${response.status}: ${await response.text()}`);
      return (response.status === 204 ? undefined : await response.json()) as T;
    },
  };
}

/**
 * Runs the sandbox platform as its own process (`npm run sandbox`), so that tests talk to it over
 * real HTTP exactly as Comanda does, and can restart either side independently.
 */
export interface SandboxProcess {
  url: string;
  /** The sandbox server's process id (benches read its CPU time). */
  pid: number;
  dataDir: string;
  /** Calls the sandbox's control API. */
  control<T = unknown>(method: string, path: string, body?: unknown): Promise<T>;
  stop(): Promise<void>;
}

/** One entry of the sandbox's request log (GET /control/requests). */
export interface LoggedRequest {
  method: string;
  path: string;
  status: number;
  body: unknown;
  /** The orders the call concerns: from its path, or the items of an acknowledgment. */
  orderIds: string[];
  /** The merchants a poll named (x-polling-merchants); null without the header. */
  pollingMerchants: string[] | null;
  /** The client id of the call's token; null without one. */
  clientId: string | null;
  startedAt: string;
  at: string;
}

export interface SandboxMerchant {
  merchantId: string;
  name: string;
  serviceId: string;
  interchange: { clientId: string; clientSecret: string };
  admin: { clientId: string; clientSecret: string; username: string; password: string };
  store: { clientId: string; clientSecret: string };
  customers: Array<{ username: string; password: string }>;
  /** The integrator credentials covering the merchant (the seed's default one), if any. */
  connection: { name: string; clientId: string; clientSecret: string } | null;
}

export async function startSandboxProcess(
  options: {
    tokenTtlSeconds?: number;
    /** More platforms in the one process (`--platforms`): platform k at `${url}/pk` (lib/sandbox/platforms.ts). */
    platforms?: number;
    /** `--open-delivery`: "2.0", or one per platform ("1.7,2.0"); 1.7 when absent. */
    openDelivery?: string;
  } = {},
): Promise<SandboxProcess> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "comanda-sandbox-"));
  const port = await freePort();
  const args = [
    "--import",
    "tsx",
    "lib/sandbox/main.ts",
    "--port",
    String(port),
    "--data-dir",
    dataDir,
    "--simulator-interval",
    "0",
  ];
  if (options.tokenTtlSeconds) args.push("--token-ttl", String(options.tokenTtlSeconds));
  if (options.platforms) args.push("--platforms", String(options.platforms));
  if (options.openDelivery) args.push("--open-delivery", options.openDelivery);
  // Node itself with tsx's loader, not the tsx wrapper: the process we kill is the server, so a
  // SIGKILL (which a wrapper cannot pass on) leaves no orphan behind.
  const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "pipe"] });
  const url = `http://127.0.0.1:${port}`;
  await waitUntilUp(child);

  return {
    url,
    pid: child.pid!,
    dataDir,
    ...sandboxControl(url),
    async stop() {
      await stopChild(child);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Waits for the line the sandbox prints once it listens (lib/sandbox/main.ts), or its exit. */
function waitUntilUp(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = "";
    const fail = (error: Error) => {
      clearTimeout(deadline);
      child.off("exit", onExit);
      reject(error);
    };
    const onExit = (code: number | null) => fail(new Error(`The sandbox exited (code ${code}):\n${output}`));
    const deadline = setTimeout(() => {
      child.kill("SIGKILL");
      fail(new Error(`The sandbox did not start within 60 s:\n${output}`));
    }, 60_000);
    child.stderr?.on("data", (chunk) => (output += chunk));
    child.stdout?.on("data", (chunk) => {
      output += chunk;
      if (!output.includes("Sandbox platform listening on")) return;
      clearTimeout(deadline);
      child.off("exit", onExit);
      resolve();
    });
    child.once("exit", onExit);
  });
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const killer = setTimeout(() => child.kill("SIGKILL"), 5_000);
    child.once("exit", () => {
      clearTimeout(killer);
      resolve();
    });
    child.kill("SIGTERM");
  });
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}
