/**
 * Memory of `npm start` while idle (issue 31, point 4): the whole process tree a user starts —
 * npm, the start script, the Next.js server with the embedded sandbox, its simulator and PGlite —
 * on a fresh data directory, read from /proc after the server has idled, beside the goal.
 * `npm run bench` runs it; alone:
 * `node --conditions=react-server --import tsx scripts/bench/memory.ts [--idle-seconds=120] [--port=N]`.
 * Linux only (it reads /proc).
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildIfNeeded } from "../build-if-needed.mjs";
import { freePort, waitFor } from "./seeded-server";

/** Issue 31, point 4: the whole tree at most this while idle. */
const GOAL_IDLE_MB = 400;
const READINGS = 3;
const READING_EVERY_MS = 10_000;

const option = (name: string) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split("=")[1];
const idleSeconds = Number(option("idle-seconds") ?? 120);

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
      // The parent pid is the field after the command's closing parenthesis (which may hold spaces).
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      parents.set(ppid, [...(parents.get(ppid) ?? []), Number(entry)]);
    } catch {
      // The process ended while the list was read.
    }
  }
  const result: ProcessMemory[] = [];
  const visit = (pid: number) => {
    try {
      const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
      const command = readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ").trim().slice(0, 60);
      result.push({ pid, rssMb: kb / 1024, command });
    } catch {
      return;
    }
    for (const child of parents.get(pid) ?? []) visit(child);
  };
  visit(root);
  return result;
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
    env: {
      ...process.env,
      PORT: String(port),
      BIND_ADDRESS: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      PLATFORM_BASE_URL: "",
      SANDBOX_URL: "",
      LOG_LEVEL: "warn",
      NEXT_TELEMETRY_DISABLED: "1",
    },
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
      const total = processes.reduce((sum, { rssMb }) => sum + rssMb, 0);
      totals.push(total);
      console.log(
        `  reading ${reading}: whole tree ${total.toFixed(0)} MB RSS (goal ≤ ${GOAL_IDLE_MB} MB) — ` +
          processes
            .map(({ rssMb, command }) => `${command.split(" ").slice(0, 2).join(" ")} ${rssMb.toFixed(0)}`)
            .join(", ") +
          ` — load ${load()}`,
      );
      if (reading < READINGS) await new Promise((resolve) => setTimeout(resolve, READING_EVERY_MS));
    }
    const worst = Math.max(...totals);
    console.log(
      `  idle RSS after ${idleSeconds} s: ${totals.map((total) => total.toFixed(0)).join(" / ")} MB, ` +
        `goal ≤ ${GOAL_IDLE_MB} MB: ${worst <= GOAL_IDLE_MB ? "met" : `NOT met (${(worst - GOAL_IDLE_MB).toFixed(0)} MB over)`}`,
    );
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
