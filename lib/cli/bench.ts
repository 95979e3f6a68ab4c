/**
 * `npm run bench`: prints Comanda's measured figures on this machine. Benchmarks measure, they
 * do not assert; the figures go into the issue notes.
 */
import { runSyncBench } from "@/lib/sync/bench";

async function main(): Promise<void> {
  console.log("== Order sync (lib/sync/bench.ts)");
  await runSyncBench();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
