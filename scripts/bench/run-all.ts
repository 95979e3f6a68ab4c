// `npm run bench`: Comanda's benchmarks, each printing its figures. Each runs as its own process:
// the sandbox stays unimported by the rest of the code base, and Comanda's server-side modules
// load with the react-server condition they are written for.
import { spawnSync } from "node:child_process";
import os from "node:os";
import path from "node:path";

/** Figures from a loaded machine are not comparable: each bench's are framed by the load around them. */
const load = () =>
  `load average ${os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(" / ")} (1 / 5 / 15 min) on ${os.cpus().length} cores`;

// Arguments go to the order sync and ingest benches (`npm run bench -- --only=pglite --ingest-only`).
const benches = [
  { name: "sandbox polling", file: "scripts/bench/sandbox-polling-cli.ts", conditions: [], args: [] },
  {
    name: "order sync",
    file: "scripts/bench/sync.ts",
    conditions: ["--conditions=react-server"],
    args: process.argv.slice(2),
  },
  // Comanda's poller in its own process against the sandbox in another, until the last acknowledgment.
  {
    name: "ingest end to end, 1,000 orders a round (cold, then steady)",
    file: "scripts/bench/ingest.ts",
    conditions: ["--conditions=react-server"],
    // --only=pglite|postgres as for the order sync bench (its --ingest-only is this bench's whole work).
    args: process.argv.slice(2),
  },
  {
    name: "order history, server part, 10,000 and 100,000 orders (PGlite)",
    file: "scripts/bench/history.ts",
    conditions: ["--conditions=react-server"],
    args: [],
  },
  // 1,000,000 orders on PostgreSQL (skipped with a message when it does not answer): seeding takes
  // about 2.5 minutes, so the database has a stable name and a seed it already holds is reused
  // (BENCH_HISTORY_DATABASE_URL names another).
  {
    name: "order history, server part, 1,000,000 orders (PostgreSQL, kept between runs)",
    file: "scripts/bench/history.ts",
    conditions: ["--conditions=react-server"],
    args: [
      "--orders=1000000",
      `--database=${process.env.BENCH_HISTORY_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/comanda_history_bench_1m"}`,
    ],
  },
  // The history's route on a `next start` server with a manager's session, at 100,000 orders.
  {
    name: "order history through its route, 100,000 orders (PGlite)",
    file: "scripts/bench/history-http.ts",
    conditions: ["--conditions=react-server"],
    args: ["--orders=100000"],
  },
  // The webhook path on a `next start` server: an order placed on the platform → the SSE message on
  // a signed-in tablet (this bench's process), the platform in its own process (as a real one is
  // elsewhere), then embedded as `npm start` runs it; --steps adds the server's step-by-step timestamps.
  {
    name: "webhook path, order placed → SSE message on a tablet",
    file: "scripts/bench/webhook.ts",
    conditions: ["--conditions=react-server"],
    args: [],
  },
  // The board's stream through its route on a `next start` server, the clients in their own process.
  {
    name: "board stream: fan-out and poll → SSE through GET /api/board/stream",
    file: "scripts/bench/stream.ts",
    conditions: ["--conditions=react-server"],
    args: [],
  },
  // `npm start` as a user runs it: its startup peak, idle, then after ingesting 10,000 orders and
  // five minutes later, then 90 s of the sandbox's fuzz platform: the whole process tree's RSS
  // (react-server: it shares seeded-server's helpers, which import the database). The hour of the
  // simulator's orders is opt-in, run alone: memory.ts --simulator-minutes=60 --orders=0.
  {
    name: "memory of npm start, idle and after 10,000 orders",
    file: "scripts/bench/memory.ts",
    conditions: ["--conditions=react-server"],
    args: [],
  },
  // Starts a production build's server and drives headless Chromium (builds first when needed).
  { name: "kitchen board in the browser", file: "scripts/bench/board.ts", conditions: [], args: [] },
  // These seed the server's database before starting it (server-only modules: react-server).
  {
    name: "order history in the browser, 10,000 orders",
    file: "scripts/bench/history-page.ts",
    conditions: ["--conditions=react-server"],
    args: [],
  },
  {
    name: "order history in the browser, 100,000 orders (PGlite)",
    file: "scripts/bench/history-page.ts",
    conditions: ["--conditions=react-server"],
    args: ["--orders=100000"],
  },
  // A database of its own, kept like the server part's: its orders are in the sandbox's stores (the
  // demo manager's), the server part's in stores of its own. Skipped when PostgreSQL does not answer.
  {
    name: "order history in the browser, 1,000,000 orders (PostgreSQL, kept between runs)",
    file: "scripts/bench/history-page.ts",
    conditions: ["--conditions=react-server"],
    args: [
      "--orders=1000000",
      `--database=${process.env.BENCH_HISTORY_PAGE_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/comanda_history_page_1m"}`,
    ],
  },
  {
    name: "Lighthouse (mobile) on reports, history and the board",
    file: "scripts/bench/lighthouse.ts",
    conditions: ["--conditions=react-server"],
    args: [],
  },
];

// `npm run bench -- --scale [--stores=N --interval=S --soak-minutes=M]`: the multi-instance bench alone.
const scale = process.argv.includes("--scale");
const selected = scale
  ? [
      {
        name: "several instances on PostgreSQL",
        file: "scripts/bench/scale.ts",
        conditions: ["--conditions=react-server"],
        args: process.argv.slice(2),
      },
    ]
  : benches;

let failed = 0;
for (const bench of selected) {
  console.log(`\n== ${bench.name} (${bench.file}) — ${load()}`);
  const result = spawnSync(
    process.execPath,
    [...bench.conditions, "--import", "tsx", path.resolve(bench.file), ...bench.args],
    { stdio: "inherit" },
  );
  if (result.status !== 0) {
    failed++;
    console.error(`bench "${bench.name}" failed (exit ${result.status})`);
  }
  console.log(`   (${bench.name} done — ${load()})`);
}
process.exitCode = failed > 0 ? 1 : 0;
