/**
 * Memory of `npm start` (issue 31, point 4): the whole process tree a user starts — npm, the
 * Next.js server with the embedded sandbox, its simulator and PGlite — on a fresh data directory,
 * read from /proc after the server has idled; then `--orders` orders (default 10,000; 0 skips)
 * placed through the sandbox's control API and ingested, read once they are stored and again
 * `--settle-seconds` later (default 300), each beside its goal.
 * `npm run bench` runs it; alone: `node --conditions=react-server --import tsx scripts/bench/memory.ts
 * [--idle-seconds=120] [--orders=10000] [--settle-seconds=300] [--port=N]`.
 * Linux only (it reads /proc).
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildIfNeeded } from "../build-if-needed.mjs";
import { freePort, waitFor } from "./local-server";
import { embeddedServerEnv } from "./e2e-server";
import { parentPid, processRssMb } from "./proc";

/** Issue 31, point 4: the whole tree at most this while idle. */
const GOAL_IDLE_MB = 400;
/** Issue 31, point 4: after ingesting 10,000 orders, back under this within five minutes. */
const GOAL_SETTLED_MB = 500;
const READINGS = 3;
/** Orders placed at once: twenty-five at once were reset by a loaded server (scripts/bench/board.ts). */
const PLACING_BATCH = 10;
const METRICS_TOKEN = "memory-bench";
const READING_EVERY_MS = 10_000;

const option = (name: string) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split("=")[1];
const idleSeconds = Number(option("idle-seconds") ?? 120);
const orders = Number(option("orders") ?? 10_000);
const settleSeconds = Number(option("settle-seconds") ?? 300);

interface ProcessMemory {
  pid: number;
  rssMb: number;
  command: string;
}

/** The process and its descendants, each with its resident memory (VmRSS). */
function treeMemory(root: number): ProcessMemory[] {
  const parents = new Map<number, number[]>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const ppid = parentPid(Number(entry));
      parents.set(ppid, [...(parents.get(ppid) ?? []), Number(entry)]);
    } catch {
      // The process ended while the list was read.
    }
  }
  const result: ProcessMemory[] = [];
  const visit = (pid: number) => {
    try {
      const command = readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ").trim().slice(0, 60);
      result.push({ pid, rssMb: processRssMb(pid), command });
    } catch {
      return;
    }
    for (const child of parents.get(pid) ?? []) visit(child);
  };
  visit(root);
  return result;
}

const describe = (processes: ProcessMemory[]) =>
  processes.map(({ rssMb, command }) => `${command.split(" ").slice(0, 2).join(" ")} ${rssMb.toFixed(0)}`).join(", ");
const total = (processes: ProcessMemory[]) => processes.reduce((sum, { rssMb }) => sum + rssMb, 0);

/** Events this server has stored so far (its Prometheus counter, all stores). */
async function eventsIngested(baseURL: string): Promise<number> {
  const response = await fetch(`${baseURL}/api/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  if (!response.ok) throw new Error(`GET /api/metrics: HTTP ${response.status}`);
  return (await response.text())
    .split("\n")
    .filter((line) => line.startsWith("comanda_events_ingested_total"))
    .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(" ") + 1)), 0);
}

/** Places `count` orders in the sandbox's stores, in turn, a batch at a time. */
async function placeOrders(baseURL: string, count: number): Promise<void> {
  const merchants = (await (await fetch(`${baseURL}/sandbox/control/merchants`)).json()) as Array<{
    merchantId: string;
  }>;
  for (let start = 0; start < count; start += PLACING_BATCH) {
    await Promise.all(
      Array.from({ length: Math.min(PLACING_BATCH, count - start) }, async (_, index) => {
        const response = await fetch(`${baseURL}/sandbox/control/orders`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ merchantId: merchants[(start + index) % merchants.length]!.merchantId }),
        });
        if (response.status !== 201) throw new Error(`placing an order: HTTP ${response.status}`);
      }),
    );
  }
}

const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(" / ");

async function main(): Promise<void> {
  // Built here, not inside `npm start`, so that the idle wait does not include a build.
  buildIfNeeded();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "comanda-memory-"));
  const port = Number(option("port") ?? (await freePort()));
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  // As a user starts it: `npm start`, the embedded sandbox and its simulator on, its own process
  // group so that the whole tree is stopped at the end.
  const tree = spawn(npm, ["start"], {
    stdio: ["ignore", "ignore", "inherit"],
    detached: true,
    env: embeddedServerEnv(port, dataDir, { METRICS_TOKEN }),
  });
  try {
    await waitFor("the server", 240_000, async () =>
      (await fetch(`http://127.0.0.1:${port}/api/health`)).ok ? true : undefined,
    );
    console.log(`  server up; idling ${idleSeconds} s (the simulator's orders keep coming)…`);
    await new Promise((resolve) => setTimeout(resolve, idleSeconds * 1000));
    const totals: number[] = [];
    for (let reading = 1; reading <= READINGS; reading++) {
      const processes = treeMemory(tree.pid!);
      totals.push(total(processes));
      console.log(
        `  reading ${reading}: whole tree ${total(processes).toFixed(0)} MB RSS (goal ≤ ${GOAL_IDLE_MB} MB) — ` +
          `${describe(processes)} — load ${load()}`,
      );
      if (reading < READINGS) await new Promise((resolve) => setTimeout(resolve, READING_EVERY_MS));
    }
    const worst = Math.max(...totals);
    console.log(
      `  idle RSS after ${idleSeconds} s: ${totals.map((total) => total.toFixed(0)).join(" / ")} MB, ` +
        `goal ≤ ${GOAL_IDLE_MB} MB: ${worst <= GOAL_IDLE_MB ? "met" : `NOT met (${(worst - GOAL_IDLE_MB).toFixed(0)} MB over)`}`,
    );
    if (orders > 0) {
      const baseURL = `http://127.0.0.1:${port}`;
      const before = await eventsIngested(baseURL);
      const startedAt = Date.now();
      await placeOrders(baseURL, orders);
      // Each order's CREATED event stored (the simulator's orders add theirs: at least this many).
      await waitFor(`${orders} orders ingested`, 60 * 60_000, async () =>
        (await eventsIngested(baseURL)) - before >= orders ? true : undefined,
      );
      const ingested = treeMemory(tree.pid!);
      console.log(
        `  after ingesting ${orders} orders (${((Date.now() - startedAt) / 1000).toFixed(0)} s): whole tree ` +
          `${total(ingested).toFixed(0)} MB RSS (goal: under ${GOAL_SETTLED_MB} MB within 5 min) — ` +
          `${describe(ingested)} — load ${load()}`,
      );
      await new Promise((resolve) => setTimeout(resolve, settleSeconds * 1000));
      const settled = treeMemory(tree.pid!);
      console.log(
        `  ${settleSeconds} s later: whole tree ${total(settled).toFixed(0)} MB RSS (goal < ${GOAL_SETTLED_MB} MB): ` +
          `${total(settled) < GOAL_SETTLED_MB ? "met" : `NOT met (${(total(settled) - GOAL_SETTLED_MB).toFixed(0)} MB over)`} — ` +
          `${describe(settled)} — load ${load()}`,
      );
    }
  } finally {
    // The whole group, and until its last process is gone: the server lets its leases go first.
    process.kill(-tree.pid!, "SIGTERM");
    await waitFor("the server to stop", 30_000, async () => {
      try {
        process.kill(-tree.pid!, 0);
        return undefined;
      } catch {
        return true;
      }
    });
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
