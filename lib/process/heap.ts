import "server-only";
import v8 from "node:v8";

/**
 * After each full collection V8 lets the heap grow to up to four times what survived it before
 * collecting again. Comanda's live heap is small (~60 MB of objects beside PGlite's memory), but
 * a platform's large orders are read, cleaned, validated and stored in several copies each: under
 * the fuzz platform's hostile orders that garbage took the process tree from 400 to 646–655 MB
 * before V8 collected it. Growing by at most half keeps that peak at ~460–500 MB, without
 * raising the idle tree, for more frequent full collections: ~5 % more CPU per ingested order
 * (`npm run bench`'s ingest and webhook benches run with it; docs/architecture.md has the A/B).
 * Doubling (100) left the peak at 520 MB and the idle tree over 400 MB. V8 reads the flag whenever
 * it sets the next limit, so setting it at start-up works.
 */
export function boundHeapGrowth(): void {
  v8.setFlagsFromString("--heap-growing-percent=50");
}
