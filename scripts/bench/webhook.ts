/**
 * Webhook path (`npm run bench`, issue #31 point 3: p95 ≤ 20 ms at low load): a production
 * `next start` Comanda (PGlite, polling an hour apart so that what arrives came by push) whose
 * sandbox merchant is given Comanda's webhook address, as a manager is shown it
 * (GET /api/manager/stores/{id}/integration). Twice: the platform in a process of its own, as a
 * real platform is elsewhere (`SANDBOX_URL`; the goal's measure), then the sandbox embedded in
 * Comanda's process as `npm start` runs it, where the platform's own work (creating the order,
 * sending the webhook, serving the details) shares Comanda's one thread (`--platform=process` or
 * `--platform=embedded` for one of them). This process is the kitchen tablet: it
 * signs in as the kitchen and holds the real `/api/board/stream` route open. Then ORDERS orders
 * are placed on the sandbox one at a time (after WARMUP unmeasured ones), each timed from the
 * placing call leaving here to the SSE message naming that order arriving here.
 *
 * Where the time goes, per order, from timestamps taken without changing behaviour: the sandbox's
 * request log (when Comanda's details read and acknowledgment arrived and were answered), its
 * webhook delivery log (when Comanda's 204 came back), and this process's clock (placed, SSE
 * received). One machine, one clock (Date.now, millisecond resolution): medians over the orders.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { signInCookie } from "@/e2e/support/session";
import { buildIfNeeded } from "../build-if-needed.mjs";
import { freePort, waitFor } from "./local-server";
import { percentile } from "./sse-baseline";
import { embeddedServerEnv } from "./e2e-server";
import { processCpuSeconds } from "./proc";
import { startSandboxProcess, type SandboxProcess } from "@/e2e/support/sandbox-process";

const ORDERS = Number(process.argv.find((arg) => arg.startsWith("--orders="))?.slice(9) ?? 200);
const WARMUP = 20;
const GOAL_P95_MS = 20;
/** Between orders: the previous one's acknowledgment and 204 are done, so orders do not overlap. */
const GAP_MS = 40;
/** `--steps`: the server timestamps each step (scripts/bench/webhook-steps-preload.mjs) for the breakdown. */
const STEPS = process.argv.includes("--steps");
type Platform = "process" | "embedded";
const platformArgument = process.argv.find((arg) => arg.startsWith("--platform="))?.slice(11);
const PLATFORMS: Platform[] =
  platformArgument === "process" || platformArgument === "embedded" ? [platformArgument] : ["process", "embedded"];

const load = () =>
  `load ${os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(" / ")} on ${os.cpus().length} cores`;

function startComanda(
  port: number,
  dataDir: string,
  stepsFile: string | undefined,
  platform: SandboxProcess | undefined,
): ChildProcess {
  // As npm start runs it (scripts/start-args.mjs): next start with the HTTP limits preloaded.
  return spawn(
    process.execPath,
    [
      "--import",
      pathToFileURL(path.resolve("scripts/http-limits-preload.mjs")).href,
      // BENCH_CPU_PROFILE=<folder>: a V8 CPU profile of the server, written there when it exits.
      ...(process.env.BENCH_CPU_PROFILE ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROFILE}`] : []),
      ...(stepsFile ? ["--import", pathToFileURL(path.resolve("scripts/bench/webhook-steps-preload.mjs")).href] : []),
      path.resolve("node_modules/next/dist/bin/next"),
      "start",
      "--port",
      String(port),
      "--hostname",
      "127.0.0.1",
    ],
    {
      stdio: ["ignore", "ignore", "inherit"],
      env: embeddedServerEnv(port, dataDir, {
        SANDBOX_SIMULATOR_INTERVAL_SECONDS: "0",
        SANDBOX_OPEN_AROUND_THE_CLOCK: "true",
        // The start's first poll, then none for an hour: every order below arrives by push.
        POLL_INTERVAL_SECONDS: "3600",
        NEXT_MANUAL_SIG_HANDLE: "1",
        BENCH_STEPS_FILE: stepsFile ?? "",
        // The platform in its own process: Comanda discovers its merchants as it would a real one's.
        SANDBOX_URL: platform?.url ?? "",
      }),
    },
  );
}

/** The tablet: the board's stream as EventSource reads it; resolves each order's first message. */
async function openTablet(base: string, cookie: string) {
  const controller = new AbortController();
  const waiting = new Map<string, (at: number) => void>();
  const receivedWall = new Map<string, number>();
  const response = await fetch(`${base}/api/board/stream?after=0`, {
    headers: { cookie, accept: "text/event-stream" },
    signal: controller.signal,
  });
  if (!response.ok) throw new Error(`board stream: HTTP ${response.status}`);
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  await reader.read(); // the preamble: subscribed
  void (async () => {
    let buffer = "";
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return;
      const at = performance.now();
      const wall = Date.now();
      buffer += decoder.decode(value, { stream: true });
      for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (!block.includes("event: order")) continue;
        const data = block.split("\n").find((line) => line.startsWith("data: "))!;
        const { id } = JSON.parse(data.slice(6)) as { id: string };
        const resolve = waiting.get(id);
        waiting.delete(id);
        resolve?.(at);
        receivedWall.set(id, wall);
      }
    }
  })();
  return {
    /** Starts listening for the order's message before it exists (the push may beat the answer). */
    expect(orderId: string): Promise<number> {
      return new Promise((resolve) => waiting.set(orderId, resolve));
    },
    receivedWall,
    close: () => controller.abort(),
  };
}

interface Logged {
  method: string;
  path: string;
  status: number;
  orderIds: string[];
  startedAt: string;
  at: string;
}
interface Delivery {
  eventId: string;
  eventType: string;
  url: string;
  status: number | null;
  at: string;
}

const median = (values: number[]) => percentile(values, 50);
const ms = (value: number) => `${value.toFixed(1)} ms`;

async function main() {
  buildIfNeeded();
  for (const platform of PLATFORMS) await benchWebhook(platform);
}

async function benchWebhook(platformKind: Platform) {
  const platform = platformKind === "process" ? await startSandboxProcess() : undefined;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "comanda-bench-webhook-"));
  const port = Number(process.env.BENCH_PORT ?? 0) || (await freePort());
  const base = `http://127.0.0.1:${port}`;
  const sandbox = platform?.url ?? `${base}/sandbox`;
  // The server's step timestamps see the sandbox's side only when it runs in the same process.
  const stepsFile = STEPS ? path.join(dataDir, "steps.jsonl") : undefined;
  const server = startComanda(port, dataDir, stepsFile, platform);
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((resolve) => server.once("exit", resolve));
      server.kill("SIGTERM");
      await exited;
    }
    await platform?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitFor("the server to poll its stores", 240_000, async () => {
      const response = await fetch(`${base}/api/health`);
      if (!response.ok) return undefined;
      const health = (await response.json()) as { stores: Array<{ polling: boolean }> };
      return health.stores.length > 0 && health.stores.every((store) => store.polling) ? true : undefined;
    });
    const [merchant] = (await (await fetch(`${sandbox}/control/merchants`)).json()) as Array<{
      merchantId: string;
    }>;
    if (!merchant) throw new Error("the sandbox has no merchant");
    const { merchantId } = merchant;
    const manager = await waitFor("the demo manager", 60_000, () => signInCookie(base, "manager"));
    const integration = await fetch(`${base}/api/manager/stores/${merchantId}/integration`, {
      headers: { cookie: manager },
    });
    if (!integration.ok) throw new Error(`integration: HTTP ${integration.status}`);
    const { webhook } = (await integration.json()) as { webhook: { url: string } };
    // The sandbox appends /v1/newEvent (or /v2/newEvent) to the address it is given.
    const set = await fetch(`${sandbox}/control/merchants/${merchantId}/webhook`, {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ url: webhook.url.replace(/\/v[12]\/newEvent$/, "") }),
    });
    if (!set.ok) throw new Error(`webhook: HTTP ${set.status} ${await set.text()}`);

    const kitchen = await waitFor("the demo kitchen", 60_000, () => signInCookie(base, "kitchen"));
    const tablet = await openTablet(base, kitchen);
    const placedWall = new Map<string, number>();
    const latencies: number[] = [];
    const measured: string[] = [];
    const platformCpu = () => (platform ? processCpuSeconds(platform.pid) : 0);
    const cpuBefore = { server: 0, platform: 0 };
    for (let index = 0; index < WARMUP + ORDERS; index += 1) {
      if (index === WARMUP)
        Object.assign(cpuBefore, { server: processCpuSeconds(server.pid!), platform: platformCpu() });
      const orderId = crypto.randomUUID();
      const received = tablet.expect(orderId);
      const wall = Date.now();
      const placed = performance.now();
      const answer = await fetch(`${sandbox}/control/orders`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ merchantId, orderId }),
      });
      if (answer.status !== 201) throw new Error(`place: HTTP ${answer.status} ${await answer.text()}`);
      const { orderId: placedId } = (await answer.json()) as { orderId: string };
      if (placedId !== orderId) throw new Error("the sandbox did not take the given order id");
      const at = await received;
      if (index >= WARMUP) {
        latencies.push(at - placed);
        measured.push(orderId);
        placedWall.set(orderId, wall);
      }
      await new Promise((resolve) => setTimeout(resolve, GAP_MS));
    }
    // `next start` serves from the spawned process itself (node, no wrapper): its CPU is the server's.
    const perOrderMs = (seconds: number) => `${((seconds * 1000) / ORDERS).toFixed(1)} ms`;
    const serverCpu = perOrderMs(processCpuSeconds(server.pid!) - cpuBefore.server);
    tablet.close();

    const p95 = percentile(latencies, 95);
    console.log(
      `webhook path, order placed → SSE message on a tablet (${ORDERS} orders one at a time, PGlite, ` +
        `${platform ? "the platform in its own process" : "the sandbox embedded in Comanda's process"}): ` +
        `p50 ${ms(median(latencies))}, p95 ${ms(p95)} (goal ≤ ${GOAL_P95_MS} ms: ${p95 <= GOAL_P95_MS ? "met" : "missed"}), ` +
        `max ${ms(Math.max(...latencies))}; CPU per order: ` +
        (platform
          ? `Comanda ${serverCpu}, the platform ${perOrderMs(platformCpu() - cpuBefore.platform)}`
          : `Comanda ${serverCpu} (the sandbox's included)`) +
        ` — ${load()}`,
    );

    // Step by step, from the sandbox's logs and this process's clock (ms since placing, medians).
    const requests = (await (await fetch(`${sandbox}/control/requests`)).json()) as Logged[];
    const { deliveries } = (await (await fetch(`${sandbox}/control/merchants/${merchantId}/webhook`)).json()) as {
      deliveries: Delivery[];
    };
    const steps: Record<string, number[]> = {
      "details read arrives at the sandbox": [],
      "details answered": [],
      "SSE message received by the tablet": [],
      "acknowledgment arrives at the sandbox": [],
      "acknowledgment answered": [],
      "webhook's 204 back at the sandbox": [],
    };
    // One CREATED per order, pushed once each (no duplicate fault), placed one after another: the
    // successful deliveries are the orders', in the order placed (the delivery log names no order).
    const created = deliveries.filter((d) => d.eventType === "CREATED" && d.status === 204);
    for (const orderId of measured) {
      const placed = placedWall.get(orderId)!;
      const details = requests.find(
        (r) => r.method === "GET" && r.orderIds.includes(orderId) && /\/orders\/[^/]+$/.test(r.path),
      );
      const ack = requests.find(
        (r) => r.method === "POST" && r.path.includes("acknowledgment") && r.orderIds.includes(orderId),
      );
      const delivery = created[WARMUP + measured.indexOf(orderId)];
      const since = (iso: string | undefined) => (iso ? Date.parse(iso) - placed : Number.NaN);
      steps["details read arrives at the sandbox"]!.push(since(details?.startedAt));
      steps["details answered"]!.push(since(details?.at));
      steps["SSE message received by the tablet"]!.push((tablet.receivedWall.get(orderId) ?? Number.NaN) - placed);
      steps["acknowledgment arrives at the sandbox"]!.push(since(ack?.startedAt));
      steps["acknowledgment answered"]!.push(since(ack?.at));
      steps["webhook's 204 back at the sandbox"]!.push(since(delivery?.at));
    }
    console.log("   where the time goes (median ms after the order is placed, this clock and the sandbox's logs):");
    for (const [step, values] of Object.entries(steps)) {
      const known = values.filter((value) => Number.isFinite(value));
      console.log(
        `     ${step.padEnd(42)} ${known.length ? median(known).toFixed(0).padStart(4) : "   —"} (${known.length} orders)`,
      );
    }
    if (stepsFile) {
      const exited = new Promise((resolve) => server.once("exit", resolve));
      server.kill("SIGTERM");
      await exited;
      printSteps(stepsFile, measured, placedWall, tablet.receivedWall);
    }
  } finally {
    await stop();
  }
}

interface StepRecord {
  at: number;
  step: string;
  path: string;
}

/** The server's timestamps (--steps), each order's window from its placing to the next's: medians. */
function printSteps(file: string, orders: string[], placed: Map<string, number>, received: Map<string, number>) {
  const records = readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as StepRecord)
    .sort((a, b) => a.at - b.at);
  const kind = (r: StepRecord) => {
    const what = r.path.includes("newEvent") ? "webhook" : r.path.includes("acknowledgment") ? "ack" : "details";
    return `${r.step}:${r.step.startsWith("webhook") || r.step.startsWith("change") || r.step.startsWith("SSE") ? "" : what}`;
  };
  const labels: Array<[string, string]> = [
    ["webhook POST sent:", "sandbox sends the webhook POST (fetch)"],
    ["server request in:webhook", "Comanda's server receives it (route /v1/newEvent)"],
    ["client request out:details", "Comanda sends the details read (GET /orders/{id})"],
    ["server request in:details", "the sandbox receives the details read"],
    ["server response out:details", "the sandbox has answered the details"],
    ["change bus:", "board write committed, change announced on the bus"],
    ["SSE written:", "SSE message written to the tablet's response"],
    ["received", "the tablet has the message (bench process)"],
    ["client request out:ack", "Comanda sends the acknowledgment (after the SSE)"],
    ["server response out:webhook", "Comanda answers the webhook 204"],
  ];
  const offsets = new Map<string, number[]>(labels.map(([key]) => [key, []]));
  // Per order, PGlite's busy time and exchanges between each step and the next (by start time).
  const database = new Map<string, Array<{ ms: number; calls: number }>>(labels.map(([key]) => [key, []]));
  orders.forEach((orderId, index) => {
    const from = placed.get(orderId)!;
    const to = index + 1 < orders.length ? placed.get(orders[index + 1]!)! : Infinity;
    const seen = new Set<string>();
    for (const record of records) {
      if (record.at < from || record.at >= to) continue;
      const key = kind(record);
      if (seen.has(key) || !offsets.has(key)) continue;
      seen.add(key);
      offsets.get(key)!.push(record.at - from);
    }
    const at = received.get(orderId);
    if (at !== undefined) offsets.get("received")!.push(at - from);
    const stepsAt = labels
      .map(([key]) => [key, offsets.get(key)!.at(-1)] as const)
      .filter(([, value]) => value !== undefined);
    for (const [index2, [key, start]] of stepsAt.entries()) {
      const end = stepsAt[index2 + 1]?.[1] ?? Math.min(to - from, 1_000);
      let ms = 0;
      let calls = 0;
      for (const record of records) {
        if (record.step !== "db" || record.at - from < start! || record.at - from >= end!) continue;
        ms += Number(record.path);
        calls += 1;
      }
      database.get(key)!.push({ ms, calls });
    }
  });
  console.log(
    "   step by step (--steps; median ms after the order is placed, server timestamps from diagnostics channels):",
  );
  let previous = 0;
  for (const [key, label] of labels) {
    const values = offsets.get(key)!;
    if (values.length === 0) continue;
    const at = median(values);
    const db = database.get(key)!;
    const dbMs = median(db.map((d) => d.ms));
    const dbCalls = median(db.map((d) => d.calls));
    console.log(
      `     ${label.padEnd(56)} ${at.toFixed(1).padStart(6)}  (+${(at - previous).toFixed(1)}; next step: PGlite ${dbMs.toFixed(1)} ms in ${dbCalls} exchanges; ${values.length} orders)`,
    );
    previous = at;
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
