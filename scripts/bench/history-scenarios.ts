/**
 * What the history benches time (scripts/bench/history.ts in process, history-http.ts through the
 * route), and how they report it: the filters, sorts and pages a manager uses, each timed in
 * several runs, printed as the best and the median run beside the goal and the machine's load.
 */
import os from "node:os";

/** The goal (31.5): filter → rows, whole path. */
export const GOAL_MS = 300;
/** Requests per run (one warm-up before them): a run's figure is their median. */
export const REQUESTS = 5;

/**
 * Query parameters as the history page sends them. `range: "60"` asks for the seeded 60 days
 * (from/to filled in by the bench); `deep: "150"` walks to that page by its "next" cursors.
 */
export const SCENARIOS: Array<[string, Record<string, string>]> = [
  ["last 30 days, newest first", {}],
  ["60 days, newest first", { range: "60" }],
  ["60 days, sorted by total", { range: "60", sort: "total" }],
  ["60 days, sorted by store", { range: "60", sort: "store" }],
  ["60 days, sorted by type", { range: "60", sort: "type" }],
  ["60 days, sorted by type, desc", { range: "60", sort: "type", dir: "desc" }],
  ["60 days, sorted by status", { range: "60", sort: "status" }],
  ["60 days, status cancelled", { range: "60", status: "cancelled" }],
  ["60 days, search by name", { range: "60", q: "conceicao" }],
  ["60 days, search by a name nobody has", { range: "60", q: "zuleica" }],
  ["60 days, search by phone digits", { range: "60", q: "90000123" }],
  ["60 days, search by phone as typed", { range: "60", q: "(11) 90000-1234" }],
  ["60 days, search by display id", { range: "60", q: "#1234" }],
  ["60 days, page 150, by total", { range: "60", sort: "total", deep: "150" }],
  ["60 days, page 150, newest first", { range: "60", deep: "150" }],
];

/** A `--name=value` argument of the bench's command line. */
export const argument = (name: string) =>
  process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);

export const load = () => os.loadavg()[0]!.toFixed(2);
export const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** One scenario's runs: each run's median request time, the load at its end, what the page said. */
export interface Runs {
  times: number[];
  loads: string[];
  summary: string;
}

/** Times `request` REQUESTS times after a warm-up: the run's median and the page's summary. */
export async function timeRun(request: () => Promise<string>): Promise<{ ms: number; summary: string }> {
  let summary = await request();
  const times: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const started = performance.now();
    summary = await request();
    times.push(performance.now() - started);
  }
  return { ms: median(times), summary };
}

/** "page 50 rows of more than 1,000" as a history page answers it. */
export function pageSummary(page: { rows: unknown[]; total: number; totalCapped: boolean }): string {
  return `${page.rows.length} rows of ${page.totalCapped ? "more than " : ""}${page.total.toLocaleString("en")}`;
}

/** One line a person reads: the scenario, best and median run beside the goal, and the load. */
export function reportLine(label: string, name: string, runs: Runs): string {
  const best = Math.min(...runs.times);
  const mid = median(runs.times);
  return `  ${label}: ${name.padEnd(38)} best ${best.toFixed(0).padStart(4)} ms, median ${mid.toFixed(0).padStart(4)} ms of ${runs.times.length} runs (goal ≤ ${GOAL_MS} ms, ${mid <= GOAL_MS ? "met" : "MISSED"}; ${runs.summary}; load ${runs.loads.join(" / ")})`;
}

/** Each scenario run `rounds` times over (the scenarios in turn, round after round), then reported. */
export async function runScenarios(
  label: string,
  rounds: number,
  run: (name: string, input: Record<string, string>) => Promise<{ ms: number; summary: string }>,
): Promise<void> {
  const results = new Map<string, Runs>(SCENARIOS.map(([name]) => [name, { times: [], loads: [], summary: "" }]));
  for (let round = 0; round < rounds; round++) {
    for (const [name, input] of SCENARIOS) {
      const { ms, summary } = await run(name, input);
      const runs = results.get(name)!;
      runs.times.push(ms);
      runs.loads.push(load());
      runs.summary = summary;
    }
  }
  for (const [name, runs] of results) console.log(reportLine(label, name, runs));
}
