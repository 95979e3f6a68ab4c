import { describeResult, runBench } from "./sandbox-polling";

// Prints one line: the sandbox's polling throughput. BENCH_CLIENTS (50), BENCH_SECONDS (10) and
// BENCH_EVENTS (events waiting, so in every poll answer: 10) tune it; exits 1 when any poll failed.

const number = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

runBench({
  clients: number("BENCH_CLIENTS", 50),
  durationMs: number("BENCH_SECONDS", 10) * 1000,
  events: number("BENCH_EVENTS", 10),
})
  .then((result) => {
    console.log(describeResult(result));
    process.exitCode = result.errors > 0 ? 1 : 0;
  })
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
