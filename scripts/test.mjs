// `npm test`: the whole suite — unit and integration (Vitest), then browser (Playwright) —
// ending with one line of totals: `tests: N passed, N failed, N skipped`.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

process.env.NEXT_TELEMETRY_DISABLED = "1";
const reports = mkdtempSync(path.join(os.tmpdir(), "comanda-test-"));
const bin = (name) => path.join("node_modules", ".bin", name);
const totals = { passed: 0, failed: 0, skipped: 0 };
// The names of the failed tests, repeated just above the totals: CI keeps only the end of a long log.
const failures = [];

function run(command, args, env = {}) {
  const result = spawnSync(bin(command), args, { stdio: "inherit", env: { ...process.env, ...env } });
  return result.status ?? 1;
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return undefined;
  }
}

// Vitest: unit and integration tests; then, alone on the machine, the tests that time real
// processes against each other (takeover and pause bounds measured in wall-clock time, which two
// cores shared with other test files would stretch).
const ALONE = ["lib/sync/failover.test.ts", "lib/sync/chaos.test.ts"];
let vitestStatus = 0;
for (const [name, args] of [
  ["vitest", ALONE.flatMap((file) => ["--exclude", file])],
  ["vitest-alone", [...ALONE, "--maxWorkers=1"]],
]) {
  const report = path.join(reports, `${name}.json`);
  const status = run("vitest", [
    "run",
    ...args,
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${report}`,
  ]);
  vitestStatus ||= status;
  const vitest = readJson(report);
  if (vitest) {
    totals.passed += vitest.numPassedTests;
    totals.failed += vitest.numFailedTests;
    totals.skipped += vitest.numPendingTests + vitest.numTodoTests;
    for (const file of vitest.testResults ?? [])
      for (const result of file.assertionResults ?? [])
        if (result.status === "failed")
          failures.push(`${path.relative(process.cwd(), file.name)} › ${result.fullName}`);
  } else if (status !== 0) totals.failed += 1;
}

// Playwright: browser tests against a production build.
const playwrightReport = path.join(reports, "playwright.json");
const playwrightStatus = run("playwright", ["test", "--reporter=list,json"], {
  PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
});
const playwright = readJson(playwrightReport);
if (playwright?.stats) {
  totals.passed += playwright.stats.expected + playwright.stats.flaky;
  totals.failed += playwright.stats.unexpected;
  totals.skipped += playwright.stats.skipped;
  failures.push(...failedPlaywrightTests(playwright.suites ?? []));
} else if (playwrightStatus !== 0) totals.failed += 1;

/** The titles of the tests whose outcome was "unexpected", walking the report's nested suites. */
function failedPlaywrightTests(suites, titles = []) {
  return suites.flatMap((suite) => {
    const trail = suite.title ? [...titles, suite.title] : titles;
    const own = (suite.specs ?? []).flatMap((spec) =>
      (spec.tests ?? [])
        .filter((run) => run.status === "unexpected")
        .map((run) => `[${run.projectName}] ${[...trail, spec.title].join(" › ")}`),
    );
    return [...own, ...failedPlaywrightTests(suite.suites ?? [], trail)];
  });
}

rmSync(reports, { recursive: true, force: true });
const failedRun = vitestStatus !== 0 || playwrightStatus !== 0;
// A runner that failed without reporting a failed test (a crash, a broken config) still fails.
if (failedRun && totals.failed === 0) totals.failed = 1;
if (failures.length > 0) console.log(`\nFailed:\n${failures.map((name) => `  ✘ ${name}`).join("\n")}`);
console.log(
  `\ntests: ${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ""}`,
);
process.exit(failedRun ? 1 : 0);
