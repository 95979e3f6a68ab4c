/**
 * The order history's server part (`npm run bench`): for each filter, sort and page a manager
 * uses, the time from the request to the page's rows (listHistory: store scope, Comanda's sorted
 * window, the platform's list, the bounded count, confirmations) — "filter → rows" without HTTP
 * and the browser (scripts/bench/history-http.ts times it through the route, history-page.ts in
 * the browser). The orders are finished orders with the platform events ingest stores for each
 * (scripts/bench/seed-history.ts), in two stores over 60 days. The issue's goal: ≤ 300 ms at
 * 100,000 orders on PGlite and 1,000,000 on PostgreSQL.
 *
 *   --orders=10000,100000    how many orders, one database each (default: 10,000 and 100,000, PGlite)
 *   --database=postgres://…  PostgreSQL (a database of the bench's own: its orders and events are
 *                            replaced, and a seed it already holds is kept) instead of PGlite
 *   --rounds=3               runs of each figure (the best and the median are printed)
 *
 * It prints figures; it asserts nothing (a shared machine is noisy: the load is on each line).
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { openDatabase, type DatabaseHandle } from "@/lib/db/client";
import { historyFiltersSchema } from "@/lib/contract/history";
import { listHistory } from "@/lib/history/history";
import { argument, pageSummary, REQUESTS, runScenarios, timeRun } from "./history-scenarios";
import { DAYS, postgresReady, seedHistory } from "./seed-history";

const SIZES = (argument("orders") ?? "10000,100000").split(",").map(Number);
const DATABASE_URL = argument("database");
const ROUNDS = Number(argument("rounds") ?? 3);
const STORES = [
  { id: "bench-store-a", name: "Pizzaria Centro" },
  { id: "bench-store-b", name: "Pizzaria Manaus" },
];

async function open(): Promise<{ handle: DatabaseHandle; remove: () => Promise<void> }> {
  if (DATABASE_URL) return { handle: await openDatabase({ databaseUrl: DATABASE_URL }), remove: async () => {} };
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "comanda-history-bench-"));
  return {
    handle: await openDatabase({ dataDir }),
    remove: () => rm(dataDir, { recursive: true, force: true }),
  };
}

async function bench(total: number): Promise<void> {
  const kind = DATABASE_URL ? "PostgreSQL" : "PGlite";
  const { handle, remove } = await open();
  const { db } = handle;
  try {
    const now = Date.now();
    const seeding = performance.now();
    const seeded = await seedHistory(db, {
      storeIds: STORES.map((store) => store.id),
      total,
      now,
      keep: Boolean(DATABASE_URL),
      databaseUrl: DATABASE_URL,
    });
    console.log(
      `order history's server part (listHistory), ${kind}, ${total.toLocaleString("en")} orders over ${DAYS} days in two stores (${seeded === "kept" ? "kept from an earlier run" : `seeded with their events in ${((performance.now() - seeding) / 1000).toFixed(0)} s`}); each run the median of ${REQUESTS} requests after a warm-up:`,
    );
    const day = (offset: number) => new Date(now + offset * 86_400_000).toISOString().slice(0, 10);
    const scope = { stores: STORES, locale: "pt-BR" };
    // Keyset paging: a deep page is reached by its "next" cursors, as the page walks (once, untimed).
    const cursors = new Map<string, string | undefined>();
    const filtersOf = async (name: string, input: Record<string, string>) => {
      const { range, deep, ...rest } = input;
      const base = { ...(range ? { from: day(-DAYS - 1), to: day(0) } : {}), ...rest };
      if (!cursors.has(name)) {
        let cursor: string | undefined;
        for (let at = 1; at < Number(deep ?? 1); at++) {
          const answer = await listHistory(db, scope, historyFiltersSchema.parse({ ...base, cursor }));
          if (!answer.next) throw new Error(`${name}: no page ${at + 1}`);
          cursor = answer.next;
        }
        cursors.set(name, cursor);
      }
      return historyFiltersSchema.parse({ ...base, cursor: cursors.get(name) });
    };
    await runScenarios(`${kind} ${total.toLocaleString("en")}`, ROUNDS, async (name, input) => {
      const filters = await filtersOf(name, input);
      return timeRun(async () => pageSummary(await listHistory(db, scope, filters)));
    });
  } finally {
    await handle.close();
    await remove();
  }
}

async function main(): Promise<void> {
  if (DATABASE_URL && !(await postgresReady(DATABASE_URL))) return;
  for (const total of SIZES) await bench(total);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
