/**
 * Ingest end to end (`npm run bench`, issue #31): Comanda's poller in a process of its own
 * (scripts/bench/ingest-comanda.ts) against the sandbox in another, over real HTTP. Each round the
 * sandbox's fault switch holds every poll while ORDERS orders are placed; then polls are let
 * through, and the round ends when the sandbox has the last CREATED acknowledged. Timed from the
 * first poll that delivered events to the last acknowledgment (both from the sandbox's request
 * log), each new order's details read included; the wait for that first poll (the poll interval)
 * is printed apart. The first round of a fresh process is cold (JIT, connections, caches) and
 * printed apart from the steady state (the median of the rounds after it).
 *
 * PGlite always; PostgreSQL at BENCH_INGEST_DATABASE_URL (postgres://postgres@127.0.0.1:5432/bench_ingest
 * by default: the bench drops and creates that database, through the server's `postgres` one),
 * skipped when the server does not answer. `--only=pglite|postgres`, `--rounds=N` (steady rounds).
 * BENCH_CPU_PROFILE=<folder> writes a CPU profile of Comanda's process there.
 */
import { fork } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  startSandboxProcess,
  type LoggedRequest,
  type SandboxMerchant,
  type SandboxProcess,
} from "@/e2e/support/sandbox-process";
import { placeOrders } from "@/e2e/support/place-orders";
import { connectToPostgresServer } from "@/e2e/support/postgres-server";
import { processCpuSeconds } from "./proc";
import type { ComandaMessage, ComandaOptions } from "./ingest-comanda";

const ORDERS = 1000;
const POLL_INTERVAL_MS = 500;
const GOALS = { pglite: 1500, postgres: 3000 } as const;
const ROUND_TIMEOUT_MS = 120_000;

type Kind = keyof typeof GOALS;

interface Round {
  ordersPerSecond: number;
  /** First poll that delivered events → last acknowledgment. */
  ingestSeconds: number;
  /** Polls let through → first poll that delivered events. */
  waitSeconds: number;
  cpuPerThousand: number;
  /** The sandbox platform's CPU (its own process), per 1,000 orders. */
  sandboxCpuPerThousand: number;
  /** PostgreSQL's server processes' CPU per 1,000 orders (0 on PGlite, which runs inside Comanda). */
  postgresCpuPerThousand: number;
}

/** CPU seconds used so far by every process named `postgres` (the server and its backends), by pid. */
function postgresCpu(): Map<number, number> {
  const cpu = new Map<number, number>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, "utf8").trim() === "postgres")
        cpu.set(Number(entry), processCpuSeconds(Number(entry)));
    } catch {
      // gone meanwhile
    }
  }
  return cpu;
}

/** What PostgreSQL's processes used between two readings (a backend that ended in between is not counted). */
function postgresCpuSince(before: Map<number, number>): number {
  let used = 0;
  for (const [pid, seconds] of postgresCpu()) used += seconds - (before.get(pid) ?? 0);
  return used;
}

/** Comanda's process: its poller started, answering CPU questions. */
async function startComanda(options: ComandaOptions) {
  const child = fork(path.resolve("scripts/bench/ingest-comanda.ts"), [JSON.stringify(options)], {
    // BENCH_CPU_PROFILE=<folder>: a V8 CPU profile of Comanda's process, written there when it exits.
    execArgv: [
      "--conditions=react-server",
      "--import",
      "tsx",
      ...(process.env.BENCH_CPU_PROFILE ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROFILE}`] : []),
    ],
    env: { ...process.env, LOG_LEVEL: "error" },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const next = () =>
    new Promise<ComandaMessage>((resolve, reject) => {
      const onExit = (code: number | null) => reject(new Error(`Comanda's process exited (code ${code})`));
      child.once("exit", onExit);
      child.once("message", (message) => {
        child.off("exit", onExit);
        resolve(message as ComandaMessage);
      });
    });
  await next();
  return {
    async cpuSeconds(): Promise<number> {
      const answer = next();
      child.send("cpu");
      const message = await answer;
      return "cpuMicros" in message ? message.cpuMicros / 1e6 : Number.NaN;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        child.once("exit", () => resolve());
        child.disconnect();
      }),
  };
}

/** Waits until the sandbox logged an acknowledgment of every order; answers the acknowledgments. */
async function acknowledgedAll(sandbox: SandboxProcess, orderIds: Set<string>): Promise<LoggedRequest[]> {
  const deadline = Date.now() + ROUND_TIMEOUT_MS;
  for (;;) {
    const acks = (
      await sandbox.control<LoggedRequest[]>("GET", "/control/requests?path=/events/acknowledgment")
    ).filter((call) => call.status === 202);
    const acknowledged = new Set(acks.flatMap((call) => call.orderIds));
    if ([...orderIds].every((id) => acknowledged.has(id))) return acks;
    if (Date.now() > deadline)
      throw new Error(`${orderIds.size - acknowledged.size} orders still unacknowledged after ${ROUND_TIMEOUT_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function round(
  kind: Kind,
  sandbox: SandboxProcess,
  merchant: SandboxMerchant,
  comanda: Awaited<ReturnType<typeof startComanda>>,
): Promise<Round> {
  await sandbox.control("POST", "/control/reset");
  await sandbox.control("PUT", "/control/faults", {
    rules: [{ route: "GET /v1/events:polling", errorRate: 1, errorStatus: 503 }],
  });
  const orderIds = new Set(await placeOrders(sandbox, merchant.merchantId, ORDERS));
  const cpuBefore = await comanda.cpuSeconds();
  const sandboxBefore = processCpuSeconds(sandbox.pid);
  const postgresBefore = postgresCpu();
  const released = Date.now();
  await sandbox.control("DELETE", "/control/faults");
  const acks = await acknowledgedAll(sandbox, orderIds);
  const cpu = (await comanda.cpuSeconds()) - cpuBefore;
  const sandboxCpu = processCpuSeconds(sandbox.pid) - sandboxBefore;
  const postgresCpuUsed = postgresCpuSince(postgresBefore);
  const polls = await sandbox.control<LoggedRequest[]>("GET", "/control/requests?path=/events:polling");
  const firstPoll = polls.find((call) => call.status === 200 && Date.parse(call.startedAt) >= released - 5);
  if (!firstPoll) throw new Error("no poll delivered events");
  const start = Date.parse(firstPoll.startedAt);
  const end = Math.max(...acks.map((call) => Date.parse(call.at)));
  const ingestSeconds = (end - start) / 1000;
  return {
    ordersPerSecond: orderIds.size / ingestSeconds,
    ingestSeconds,
    waitSeconds: (start - released) / 1000,
    cpuPerThousand: (cpu / orderIds.size) * 1000,
    sandboxCpuPerThousand: (sandboxCpu / orderIds.size) * 1000,
    postgresCpuPerThousand: kind === "postgres" ? (postgresCpuUsed / orderIds.size) * 1000 : 0,
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const load = () =>
  `load ${os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(" ")} on ${os.cpus().length} cores`;

function describe(kind: Kind, label: string, figures: Round): string {
  const goal = GOALS[kind];
  const verdict = figures.ordersPerSecond >= goal ? "met" : "NOT met";
  return (
    `[${kind}] ${label}: ${figures.ordersPerSecond.toFixed(0)} orders/s (goal ≥ ${goal.toLocaleString("en")}, ${verdict})` +
    ` — ${ORDERS} orders, first poll → last ack ${figures.ingestSeconds.toFixed(2)} s` +
    ` (+ ${figures.waitSeconds.toFixed(2)} s waiting for that poll, interval ${POLL_INTERVAL_MS} ms);` +
    ` CPU per 1,000 orders: Comanda ${figures.cpuPerThousand.toFixed(2)} s, the sandbox platform ${figures.sandboxCpuPerThousand.toFixed(2)} s` +
    (kind === "postgres" ? `, PostgreSQL ${figures.postgresCpuPerThousand.toFixed(2)} s` : "") +
    ` (no goal); ${ceiling(figures)}; ${load()}`
  );
}

/**
 * The fastest this machine could go at these CPU costs: Comanda's, the sandbox's and PostgreSQL's
 * CPU per order, shared perfectly over every core. A goal above it needs less CPU per order, not
 * more concurrency.
 */
function ceiling(figures: Round): string {
  const cores = os.cpus().length;
  const cpuPerThousand = figures.cpuPerThousand + figures.sandboxCpuPerThousand + figures.postgresCpuPerThousand;
  return `at these costs the machine's ${cores} cores carry at most ${((cores * 1000) / cpuPerThousand).toFixed(0)} orders/s`;
}

async function benchDatabase(kind: Kind, sandbox: SandboxProcess, merchant: SandboxMerchant, rounds: number) {
  const databaseUrl = kind === "postgres" ? await freshPostgresDatabase() : undefined;
  if (kind === "postgres" && !databaseUrl) return;
  const comanda = await startComanda({
    sandboxUrl: sandbox.url,
    merchant,
    databaseUrl,
    pollIntervalMs: POLL_INTERVAL_MS,
  });
  try {
    console.log(describe(kind, "cold first round", await round(kind, sandbox, merchant, comanda)));
    const steady: Round[] = [];
    for (let index = 0; index < rounds; index += 1) steady.push(await round(kind, sandbox, merchant, comanda));
    const each = steady.map((figures) => figures.ordersPerSecond.toFixed(0)).join(", ");
    const summary: Round = {
      ordersPerSecond: median(steady.map((figures) => figures.ordersPerSecond)),
      ingestSeconds: median(steady.map((figures) => figures.ingestSeconds)),
      waitSeconds: median(steady.map((figures) => figures.waitSeconds)),
      cpuPerThousand: median(steady.map((figures) => figures.cpuPerThousand)),
      sandboxCpuPerThousand: median(steady.map((figures) => figures.sandboxCpuPerThousand)),
      postgresCpuPerThousand: median(steady.map((figures) => figures.postgresCpuPerThousand)),
    };
    console.log(describe(kind, `steady state, median of ${rounds} rounds (${each} orders/s)`, summary));
  } finally {
    await comanda.stop();
  }
}

/** Drops and creates the bench's own PostgreSQL database; undefined (and says so) when the server does not answer. */
async function freshPostgresDatabase(): Promise<string | undefined> {
  const url = process.env.BENCH_INGEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/bench_ingest";
  const name = new URL(url).pathname.slice(1);
  if (!/^[a-z_][a-z0-9_]*$/.test(name) || name === "test") throw new Error(`${name}: not a database for the bench`);
  let client;
  try {
    client = await connectToPostgresServer(url);
  } catch (error) {
    console.log(`[postgres] skipped: no server at ${new URL(url).host} (${(error as Error).message})`);
    return undefined;
  }
  try {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  return url;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const only = args.find((arg) => arg.startsWith("--only="))?.slice("--only=".length);
  const rounds = Number(args.find((arg) => arg.startsWith("--rounds="))?.slice("--rounds=".length) ?? 3);
  const kinds = (Object.keys(GOALS) as Kind[]).filter((kind) => !only || kind === only);
  const sandbox = await startSandboxProcess();
  try {
    const merchants = await sandbox.control<SandboxMerchant[]>("GET", "/control/merchants");
    for (const [index, kind] of kinds.entries())
      await benchDatabase(kind, sandbox, merchants[index % merchants.length]!, rounds);
  } finally {
    await sandbox.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
