// `npm run bench`: Comanda's benchmarks, one line each. Each bench runs as its own process so
// the sandbox (a separate system) stays unimported by the rest of the code base.
import { spawnSync } from "node:child_process";
import path from "node:path";

const benches = [{ name: "sandbox polling", file: "lib/sandbox/bench-cli.ts" }];

let failed = 0;
for (const bench of benches) {
  const result = spawnSync(process.execPath, ["--import", "tsx", path.resolve(bench.file)], { stdio: "inherit" });
  if (result.status !== 0) {
    failed++;
    console.error(`bench "${bench.name}" failed (exit ${result.status})`);
  }
}
process.exitCode = failed > 0 ? 1 : 0;
