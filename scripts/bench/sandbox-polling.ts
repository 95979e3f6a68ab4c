import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

// Polling throughput of the sandbox: the sandbox runs standalone as a child process (so the load
// generator does not share its event loop) on an ephemeral port with a temp data folder; N events
// are seeded and left unacknowledged, so every poll answers the same N events, then C clients
// poll back to back for a fixed time. `npm run bench` (scripts/bench/run-all.ts) runs sandbox-polling-cli.ts.

export type BenchOptions = { clients: number; durationMs: number; events: number };
export type BenchResult = BenchOptions & {
  requests: number;
  errors: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
};

const mainFile = fileURLToPath(new URL("../../lib/sandbox/main.ts", import.meta.url));
/** The project root, where `--import tsx` resolves. */
const projectRoot = fileURLToPath(new URL("../../", import.meta.url));

async function startSandbox(dataDir: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(
    process.execPath,
    [
      "--import",
      "tsx",
      mainFile,
      "--port",
      "0",
      "--host",
      "127.0.0.1",
      "--data-dir",
      dataDir,
      "--simulator-interval",
      "0",
    ],
    {
      stdio: ["ignore", "pipe", "inherit"],
      cwd: projectRoot,
    },
  );
  const url = await new Promise<string>((resolve, reject) => {
    let output = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match?.[1]) resolve(match[1]);
    });
    child.once("exit", (code) => reject(new Error(`sandbox exited with ${code}: ${output}`)));
  });
  return { child, url };
}

async function json<T>(response: Response): Promise<T> {
  if (!response.ok) throw new Error(`HTTP ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

export async function runBench(options: BenchOptions): Promise<BenchResult> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "comanda-sandbox-bench-"));
  const { child, url } = await startSandbox(dataDir);
  try {
    type Merchant = { merchantId: string; interchange: { clientId: string; clientSecret: string } };
    const [merchant] = await json<Merchant[]>(await fetch(`${url}/control/merchants`));
    if (!merchant) throw new Error("no merchant");
    for (let i = 0; i < options.events; i++) {
      await json(
        await fetch(`${url}/control/orders`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ merchantId: merchant.merchantId }),
        }),
      );
    }
    const form = new URLSearchParams({
      grant_type: "client_credentials",
      client_id: merchant.interchange.clientId,
      client_secret: merchant.interchange.clientSecret,
    });
    const { access_token: token } = await json<{ access_token: string }>(
      await fetch(`${url}/oauth/token`, { method: "POST", body: form }),
    );

    let requests = 0;
    let errors = 0;
    const latencies: number[] = [];
    const deadline = Date.now() + options.durationMs;
    const client = async () => {
      while (Date.now() < deadline) {
        const started = performance.now();
        try {
          const response = await fetch(`${url}/v1/events:polling`, { headers: { authorization: `Bearer ${token}` } });
          const events = (await response.json()) as unknown[];
          if (response.status !== 200 || events.length !== Math.min(options.events, 1000)) errors++;
        } catch {
          errors++;
        }
        latencies.push(performance.now() - started);
        requests++;
      }
    };
    const started = Date.now();
    await Promise.all(Array.from({ length: options.clients }, client));
    const elapsed = (Date.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    const at = (q: number) =>
      Math.round(latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))] ?? 0);
    return {
      ...options,
      requests,
      errors,
      requestsPerSecond: Math.round(requests / elapsed),
      p50Ms: at(0.5),
      p99Ms: at(0.99),
    };
  } finally {
    child.kill("SIGTERM");
    await new Promise((resolve) => child.once("exit", resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function describeResult(r: BenchResult): string {
  return (
    `sandbox polling: ${r.requestsPerSecond} requests/s with ${r.clients} concurrent clients ` +
    `(${r.requests} polls of ${r.events} events in ${r.durationMs / 1000} s, ${r.errors} errors, p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms)`
  );
}
