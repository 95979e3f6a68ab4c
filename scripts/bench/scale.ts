/**
 * Several instances on one PostgreSQL (`npm run bench -- --scale`; needs TEST_DATABASE_URL):
 *   (a) N stores shared by 3 instance processes (e2e/support/poller-instance.ts) polling at an
 *       interval: polls per second, each store's longest gap between polls (p99 over stores), CPU
 *       and RSS per instance;
 *   (b) fan-out of a change written on one instance to SSE clients on another, p50/p95 with 1 and
 *       500 clients, beside the same figure on the writing instance;
 *   (c) 2,000 SSE clients on one instance against a bare Node.js SSE server;
 *   (d) a soak: orders at a steady rate and 200 SSE clients for --soak-minutes, RSS at start and end.
 * Options: --stores=100 --interval=30 (seconds; a shorter one keeps the run short, and the
 * polling figures scale with 1/interval) --seconds=<measure window> --soak-minutes=2 --soak-rate=10
 * --platforms=3 (each store a restaurant with a channel on each of 3 sandbox platforms: polls
 * grow with connections, not channels) --polling-only (only (a)).
 */
import { createServer } from "node:http";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { createTestDatabase } from "@/e2e/support/database";
import { InstanceProcesses } from "@/e2e/support/instances";
import { freePort, startSandboxProcess, type SandboxProcess } from "@/e2e/support/sandbox-process";
import { platformBases, provisionSharedStores } from "@/e2e/support/shared-stores";
import { pipeBoardStream } from "@/e2e/support/pipe-board-stream";
import type { BoardSnapshot } from "@/lib/contract/board";
import { rowsOf } from "@/lib/db/bulk";
import type { Database } from "@/lib/db/client";
import { setItemMark } from "@/lib/db/item-marks";
import { postgresFanout } from "@/lib/realtime/process-bus";
import { processCpuSeconds, processRssMb } from "./proc";
import { bareSseServer, measureFanout, openSseClients, percentile } from "./sse-baseline";

const { values } = parseArgs({
  options: {
    scale: { type: "boolean" },
    stores: { type: "string", default: "100" },
    interval: { type: "string", default: "30" },
    seconds: { type: "string" },
    "soak-minutes": { type: "string", default: "2" },
    "soak-rate": { type: "string", default: "10" },
    // Issue 28: each store a restaurant selling on this many platforms (one channel on each).
    platforms: { type: "string", default: "1" },
    // Only (a): the polling figures.
    "polling-only": { type: "boolean" },
  },
});
const STORES = Number(values.stores);
const PLATFORMS = Number(values.platforms);
/** As a Software Service registers with a platform: one connection per hundred merchants (one poll request each). */
const CONNECTIONS_PER_PLATFORM = Math.max(1, Math.ceil(STORES / 100));
const CONNECTIONS = CONNECTIONS_PER_PLATFORM * PLATFORMS;
const REQUESTS_PER_CYCLE = CONNECTIONS * Math.ceil(STORES / CONNECTIONS_PER_PLATFORM / 100);
const INTERVAL_S = Number(values.interval);
const WINDOW_S = Number(values.seconds ?? Math.max(3 * INTERVAL_S, 20));
const SOAK_MINUTES = Number(values["soak-minutes"]);
const SOAK_RATE = Number(values["soak-rate"]);
const SAMPLES = 20;
const NAMES = ["a", "b", "c"] as const;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const ms = (value: number) => `${value.toFixed(1)} ms`;

/** CPU seconds used so far and resident memory of a process, from /proc. */
const usage = (pid: number) => ({ cpuSeconds: processCpuSeconds(pid), rssMb: processRssMb(pid) });

/** The writing instance's own board stream (this process), fed by its PostgreSQL fan-out. */
async function serveLocalStream(db: Database, databaseUrl: string) {
  const bus = postgresFanout(async () => db, databaseUrl);
  await bus.start();
  const server = createServer((request, response) => pipeBoardStream(request, response, { db, bus }));
  const port = await freePort();
  // A deep accept queue: thousands of clients connect at once.
  await new Promise<void>((resolve) => server.listen({ port, host: "127.0.0.1", backlog: 4096 }, resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => {
      server.close();
      void bus.stop();
    },
  };
}

async function main(): Promise<void> {
  const databaseUrl = process.env.TEST_DATABASE_URL;
  if (!databaseUrl) {
    console.log("scale bench skipped: set TEST_DATABASE_URL (several instances need PostgreSQL)");
    return;
  }
  let sandbox: SandboxProcess | undefined;
  const database = await createTestDatabase("postgres");
  let instances: InstanceProcesses | undefined;
  try {
    sandbox = await startSandboxProcess({ platforms: PLATFORMS });
    const byPlatform = await provisionSharedStores(sandbox, database.db, {
      count: STORES,
      connections: CONNECTIONS_PER_PLATFORM,
      intervalSeconds: INTERVAL_S,
      platforms: PLATFORMS,
    });
    const merchants = byPlatform[0]!;
    instances = new InstanceProcesses({
      databaseUrl: database.url!,
      sandboxUrl: sandbox.url,
      intervalMs: INTERVAL_S * 1000,
    });
    const ports = Object.fromEntries(await Promise.all(NAMES.map(async (name) => [name, await freePort()])));
    const children = Object.fromEntries(NAMES.map((name) => [name, instances!.start(name, ports[name])]));
    const url = (name: (typeof NAMES)[number]) => `http://127.0.0.1:${ports[name]}`;
    for (let waited = 0; ; waited += 500) {
      const held = [...instances.holdings().values()].reduce((sum, keys) => sum + keys.size, 0);
      const most = Math.max(...[...instances.holdings().values()].map((keys) => keys.size));
      // Measured once the leases have spread (an instance that started first sheds what is past its share).
      if (held === CONNECTIONS && most <= Math.ceil(CONNECTIONS / NAMES.length)) break;
      if (waited > 300_000) throw new Error(`only ${held} of ${CONNECTIONS} connections leased after 5 minutes`);
      await sleep(500);
    }
    console.log(
      `${STORES} restaurants × ${PLATFORMS} channel(s) (${STORES * PLATFORMS} channels on ${PLATFORMS} platform(s)) on ${CONNECTIONS} connections, 3 instances, interval ${INTERVAL_S} s; leases: ${NAMES.map((name) => instances!.holdings().get(name)?.size ?? 0).join("/")}`,
    );

    // (a) Polling.
    const before = NAMES.map((name) => usage(children[name]!.pid!));
    const from = Date.now();
    await sleep(WINDOW_S * 1000);
    const to = Date.now();
    const after = NAMES.map((name) => usage(children[name]!.pid!));
    const polls = (
      await Promise.all(
        platformBases(PLATFORMS).map((base) =>
          sandbox!.control<Array<{ pollingMerchants: string[] | null; startedAt: string }>>(
            "GET",
            `${base}/control/requests?path=/v1/events:polling`,
          ),
        ),
      )
    )
      .flat()
      .filter((poll) => Date.parse(poll.startedAt) >= from && Date.parse(poll.startedAt) <= to);
    const gaps = byPlatform.flat().map(({ merchantId }) => {
      const starts = polls
        .filter((poll) => poll.pollingMerchants?.includes(merchantId))
        .map((poll) => Date.parse(poll.startedAt))
        .sort((x, y) => x - y);
      return Math.max(0, ...starts.slice(1).map((start, i) => start - starts[i]!));
    });
    console.log(
      `(a) ${polls.length} polls in ${Math.round((to - from) / 1000)} s, ${(polls.length / ((to - from) / 1000)).toFixed(3)}/s ` +
        `(expected ${(REQUESTS_PER_CYCLE / INTERVAL_S).toFixed(3)}/s: ${REQUESTS_PER_CYCLE} requests of ≤ 100 merchants per interval); longest gap between a store's polls p99 ${ms(percentile(gaps, 99))}, max ${ms(Math.max(...gaps))} (interval ${INTERVAL_S * 1000} ms)`,
    );
    for (const [i, name] of NAMES.entries())
      console.log(
        `    instance ${name}: CPU ${((100 * (after[i]!.cpuSeconds - before[i]!.cpuSeconds)) / ((to - from) / 1000)).toFixed(1)} %, RSS ${after[i]!.rssMb.toFixed(0)} MB`,
      );
    if (values["polling-only"]) return;

    // (b) Fan-out: a change written here (the writing instance), to clients on instance b and here.
    const { orderId } = await sandbox.control<{ orderId: string }>("POST", "/control/orders", {
      merchantId: merchants[0]!.merchantId,
    });
    let snapshot: BoardSnapshot;
    for (;;) {
      snapshot = (await (await fetch(`${url("b")}/board`)).json()) as BoardSnapshot;
      if (snapshot.orders.some((order) => order.id === orderId)) break;
      await sleep(500);
    }
    let done = false;
    const write = () =>
      setItemMark(database.db, {
        storeId: merchants[0]!.merchantId,
        orderId,
        line: 0,
        done: (done = !done),
        actor: "bench",
      });
    const local = await serveLocalStream(database.db, database.url!);
    const fanout = async (base: string, clients: number) => {
      const { lastSeq } = (await (await fetch(`${url("b")}/board`)).json()) as BoardSnapshot;
      const sse = await openSseClients(`${base}/stream?after=${lastSeq}`, clients);
      const latencies = await measureFanout(sse, write, SAMPLES);
      sse.close();
      return latencies;
    };
    for (const clients of [1, 500]) {
      const cross = await fanout(url("b"), clients);
      const same = await fanout(local.url, clients);
      console.log(
        `(b) ${clients} client(s): other instance p50 ${ms(percentile(cross, 50))} p95 ${ms(percentile(cross, 95))}; ` +
          `same instance p50 ${ms(percentile(same, 50))} p95 ${ms(percentile(same, 95))}`,
      );
    }

    // (c) 2,000 clients on one instance against a bare Node.js SSE server.
    try {
      const comanda = await fanout(local.url, 2_000);
      // The same card as the changes Comanda sent (the order whose item mark flips).
      const bare = await bareSseServer(snapshot.orders.find((order) => order.id === orderId));
      const bareClients = await openSseClients(bare.url, 2_000);
      const baseline = await measureFanout(bareClients, bare.broadcast, SAMPLES);
      bareClients.close();
      bare.server.close();
      console.log(
        `(c) 2,000 clients: Comanda p95 ${ms(percentile(comanda, 95))}, bare Node.js p95 ${ms(percentile(baseline, 95))} ` +
          `(×${(percentile(comanda, 95) / percentile(baseline, 95)).toFixed(2)})`,
      );
    } catch (error) {
      console.log(`(c) 2,000 clients could not all connect: ${error instanceof Error ? error.message : String(error)}`);
    }
    local.close();

    // (d) Soak: orders at a steady rate over the stores, paced by the clock (so the rate holds
    // whatever one placement costs), 200 SSE clients on instance b, RSS sampled along the way.
    const storedOrders = async () =>
      Number(rowsOf<{ n: string }>(await database.db.execute(sql`select count(*) as n from orders`))[0]?.n ?? 0);
    const storedBefore = await storedOrders();
    const rssNow = () => NAMES.map((name) => usage(children[name]!.pid!).rssMb);
    const rssSamples = [{ minute: 0, rss: rssNow() }];
    const soakClients = await openSseClients(`${url("b")}/stream?after=${snapshot.lastSeq}`, 200);
    let placed = 0;
    let failed = 0;
    const placements: Array<Promise<unknown>> = [];
    const soakStarted = Date.now();
    const soakEnd = soakStarted + SOAK_MINUTES * 60_000;
    const sampleEvery = Math.max(60_000, (SOAK_MINUTES * 60_000) / 4);
    let nextSample = soakStarted + sampleEvery;
    for (let n = 0; soakStarted + (n * 1000) / SOAK_RATE < soakEnd; n++) {
      await sleep(Math.max(0, soakStarted + (n * 1000) / SOAK_RATE - Date.now()));
      if (Date.now() >= nextSample) {
        rssSamples.push({ minute: Math.round((Date.now() - soakStarted) / 60_000), rss: rssNow() });
        nextSample += sampleEvery;
      }
      const merchantId = merchants[n % merchants.length]!.merchantId;
      placements.push(
        sandbox.control("POST", "/control/orders", { merchantId }).then(
          () => (placed += 1),
          () => (failed += 1),
        ),
      );
    }
    await Promise.all(placements);
    const rate = placed / ((Date.now() - soakStarted) / 1000);
    // Every placed order stored once, within a few intervals of the last one.
    const ingestDeadline = Date.now() + 5 * INTERVAL_S * 1000;
    let stored = (await storedOrders()) - storedBefore;
    while (stored < placed && Date.now() < ingestDeadline) {
      await sleep(1000);
      stored = (await storedOrders()) - storedBefore;
    }
    await sleep(2000);
    const leastReceived = Math.min(...soakClients.received());
    soakClients.close();
    rssSamples.push({ minute: Math.round((Date.now() - soakStarted) / 60_000), rss: rssNow() });
    const exited = NAMES.filter((name) => children[name]!.exitCode !== null);
    const [health] = rowsOf<{ failing: string }>(
      await database.db.execute(sql`select count(*) filter (where consecutive_failures > 0) as failing from channels`),
    );
    console.log(
      `(d) soak ${SOAK_MINUTES} min at ${SOAK_RATE} orders/s (held ${rate.toFixed(2)}/s), 200 clients: ${placed} orders placed, ` +
        `${failed} failed to place, ${stored} stored, every client received ≥ ${leastReceived} order messages; ` +
        `${health?.failing ?? "?"} channel(s) failing, ${exited.length} instance(s) exited`,
    );
    console.log(
      `    RSS (MB) by minute: ` +
        rssSamples
          .map(({ minute, rss }) => `${minute}: ${NAMES.map((name, i) => `${name} ${rss[i]!.toFixed(0)}`).join(" ")}`)
          .join(" | "),
    );
  } finally {
    instances?.killAll();
    await database.destroy();
    await sandbox?.stop();
  }
}

void main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
