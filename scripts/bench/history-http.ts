/**
 * The order history through the running app (part of `npm run bench`): a production build's
 * server (`next start`) whose database holds N finished orders over 60 days in two stores, each
 * with the platform events ingest would have stored (scripts/bench/seed-history.ts); a manager
 * signed in asks GET /api/manager/orders — the request the history page makes when a filter, a
 * sort or a page changes — and the time is from sending it to the whole answer received:
 * session, store scope, the platform's list from the embedded sandbox, Comanda's page, the count,
 * confirmations and the JSON. The goal is ≤ 300 ms for the whole path at 100,000 orders on
 * PGlite and 1,000,000 on PostgreSQL (the browser's part, filter → rows painted, is
 * scripts/bench/history-page.ts at 10,000).
 *
 *   --orders=100000          how many orders (default 10,000)
 *   --database=postgres://…  PostgreSQL instead of PGlite (its orders and events are replaced)
 *   --rounds=3               runs of each figure (the best and the median are printed)
 *
 * It prints figures; it asserts nothing (a shared machine is noisy: the load is on each line).
 */
import { request } from "@playwright/test";
import { signInCookie } from "../../e2e/support/session";
import { argument, pageSummary, REQUESTS, runScenarios, timeRun } from "./history-scenarios";
import { DAYS, postgresReady, startHistoryServer } from "./seed-history";

const ORDERS = Number(argument("orders") ?? 10_000);
const DATABASE_URL = argument("database");
const ROUNDS = Number(argument("rounds") ?? 3);

async function main(): Promise<void> {
  if (DATABASE_URL && !(await postgresReady(DATABASE_URL))) return;
  const now = Date.now();
  const { server, label, description } = await startHistoryServer(ORDERS, now, DATABASE_URL);
  const api = await request.newContext({
    baseURL: server.baseURL,
    extraHTTPHeaders: { cookie: await signInCookie(server.baseURL, "manager") },
  });
  try {
    const day = (offset: number) => new Date(now + offset * 86_400_000).toISOString().slice(0, 10);
    console.log(
      `order history through GET /api/manager/orders (next start, manager session), ${description}; each run the median of ${REQUESTS} requests after a warm-up:`,
    );
    const page = async (query: string) => {
      const response = await api.get(`/api/manager/orders?${query}`);
      if (!response.ok()) throw new Error(`${query}: HTTP ${response.status()}`);
      return (await response.json()) as { rows: unknown[]; total: number; totalCapped: boolean; next: string | null };
    };
    // Keyset paging: page N is reached by following N − 1 "next" cursors, as the page does (once).
    const queries = new Map<string, string>();
    const queryOf = async (name: string, input: Record<string, string>) => {
      const { range, deep, ...rest } = input;
      let query =
        queries.get(name) ??
        new URLSearchParams(range ? { from: day(-DAYS - 1), to: day(0), ...rest } : rest).toString();
      for (let at = 1; !queries.has(name) && at < Number(deep ?? 1); at++) {
        const answer = await page(query);
        if (!answer.next) throw new Error(`${name}: no page ${at + 1}`);
        const params = new URLSearchParams(query);
        params.set("cursor", answer.next);
        query = params.toString();
      }
      queries.set(name, query);
      return query;
    };
    await runScenarios(label, ROUNDS, async (name, input) => {
      const query = await queryOf(name, input);
      return timeRun(async () => pageSummary(await page(query)));
    });
  } finally {
    await api.dispose();
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
