/**
 * Comanda's sync benchmark (`npm run bench`): on each database (PGlite, and PostgreSQL when
 * TEST_DATABASE_URL is set), against the sandbox over real HTTP:
 *   1. events ingested per second (poll, read details, store, acknowledge);
 *   2. p50/p95 from a poll response arriving to the change reaching an SSE client (1 and 200 clients);
 *   3. fan-out to 200 SSE clients, against a bare Node.js SSE server doing only that.
 */
import { createServer, type Server } from "node:http";
import { performance } from "node:perf_hooks";
import type { TestDatabase } from "@/e2e/support/database";
import { createTestDatabase, testDatabaseKinds } from "@/e2e/support/database";
import { getBoardSnapshot } from "@/lib/db/board";
import { boardWrites, type InProcessBus } from "@/lib/realtime/bus";
import { ingestEvents } from "@/lib/sync/ingest";
import { startSandboxProcess, type SandboxMerchant, type SandboxProcess } from "@/e2e/support/sandbox-process";
import { placeOrders } from "@/e2e/support/place-orders";
import { connectTestStore } from "@/e2e/support/store-connection";
import { pipeBoardStream } from "@/e2e/support/pipe-board-stream";
import { bareSseServer, measureFanout, percentile, openSseClients, sampleCard } from "./sse-baseline";

const INGEST_ORDERS = 1000;
/** The function's own goals, below the end-to-end ones (scripts/bench/ingest.ts) it serves. */
const INGEST_FUNCTION_GOALS = { pglite: 1000, postgres: 2000 } as const;
const LATENCY_SAMPLES = 40;
const FANOUT_CLIENTS = 200;

/** Serves Comanda's board stream over real HTTP, fed by the given bus. */
function serveBoardStream(database: TestDatabase, bus: InProcessBus): Promise<{ server: Server; url: string }> {
  // Live changes only: the clients ask for what comes after everything already on the board.
  const server = createServer((request, response) => pipeBoardStream(request, response, { db: database.db, bus }));
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve({ server, url: `http://127.0.0.1:${(server.address() as { port: number }).port}/` }),
    ),
  );
}

async function benchDatabase(
  kind: "pglite" | "postgres",
  sandbox: SandboxProcess,
  merchant: SandboxMerchant,
  ingestOnly: boolean,
): Promise<void> {
  const database = await createTestDatabase(kind);
  // Where every board write of this process announces itself (the app's bus on PGlite).
  const bus = boardWrites();
  const { connection } = await connectTestStore(sandbox, merchant, database);
  const context = {
    db: database.db,
    channels: new Map([[connection.id, connection.restaurantId]]),
    client: connection.client,
  };
  try {
    // 1. Ingest throughput.
    await placeOrders(sandbox, merchant.merchantId, INGEST_ORDERS);
    const started = performance.now();
    let stored = 0;
    while (stored < INGEST_ORDERS) {
      const events = await connection.client.pollEvents([connection.id]);
      if (events.length === 0) break;
      stored += (await ingestEvents(context, events)).stored;
    }
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `[${kind}] ingest function alone (polled here, no poller; end to end: the ingest bench): ${stored} events in ${seconds.toFixed(2)} s → ${(stored / seconds).toFixed(0)} events/s (goal ≥ ${INGEST_FUNCTION_GOALS[kind].toLocaleString("en")})`,
    );
    if (ingestOnly) return;

    // 2. Poll response → SSE client, with 1 and with 200 clients.
    const served = await serveBoardStream(database, bus);
    const { server } = served;
    const url = `${served.url}?after=${(await getBoardSnapshot(database.db)).lastSeq}`;
    for (const clientCount of [1, FANOUT_CLIENTS]) {
      const clients = await openSseClients(url, clientCount);
      const latencies: number[] = [];
      for (let sample = 0; sample < LATENCY_SAMPLES; sample += 1) {
        await placeOrders(sandbox, merchant.merchantId, 1);
        const events = await connection.client.pollEvents([connection.id]);
        const arrived = performance.now();
        const received = clients.nextMessageEverywhere();
        await ingestEvents(context, events);
        for (const at of await received) latencies.push(at - arrived);
      }
      clients.close();
      console.log(
        `[${kind}] poll → SSE, ${clientCount} client(s): p50 ${percentile(latencies, 50).toFixed(1)} ms, p95 ${percentile(latencies, 95).toFixed(1)} ms`,
      );
    }

    // 3. Fan-out alone: publish → 200 clients, against a bare Node.js SSE server.
    const comanda = await openSseClients(url, FANOUT_CLIENTS);
    let fanoutSeq = Number.MAX_SAFE_INTEGER / 2;
    const comandaFanout = await measureFanout(
      comanda,
      () => bus.publish({ ...sampleCard, seq: (fanoutSeq += 1) }),
      LATENCY_SAMPLES,
    );
    comanda.close();
    server.close();
    const bare = await bareSseServer();
    const bareClients = await openSseClients(bare.url, FANOUT_CLIENTS);
    const bareFanout = await measureFanout(bareClients, bare.broadcast, LATENCY_SAMPLES);
    bareClients.close();
    bare.server.close();
    const ratio = percentile(comandaFanout, 95) / percentile(bareFanout, 95);
    console.log(
      `[${kind}] fan-out to ${FANOUT_CLIENTS} clients: Comanda p95 ${percentile(comandaFanout, 95).toFixed(1)} ms, bare Node.js p95 ${percentile(bareFanout, 95).toFixed(1)} ms (×${ratio.toFixed(2)})`,
    );
  } finally {
    await database.destroy();
  }
}

/**
 * `--only=pglite` or `--only=postgres` measures one database; `--ingest-only` skips the stream
 * measurements (for repeated throughput runs).
 */
function options() {
  const args = process.argv.slice(2);
  const only = args.find((arg) => arg.startsWith("--only="))?.slice("--only=".length);
  if (only && !testDatabaseKinds.includes(only as never))
    throw new Error(`--only=${only}: not one of ${testDatabaseKinds.join(", ")}`);
  return {
    kinds: testDatabaseKinds.filter((kind) => !only || kind === only),
    ingestOnly: args.includes("--ingest-only"),
  };
}

async function main(): Promise<void> {
  const { kinds, ingestOnly } = options();
  // The platform runs as its own process, as it would on its own machine: its CPU is not counted
  // against Comanda's ingest (on a 2-core machine the two still share the cores).
  const sandbox = await startSandboxProcess();
  try {
    const merchants = await sandbox.control<SandboxMerchant[]>("GET", "/control/merchants");
    for (const kind of kinds) {
      // A merchant per database, so one run's events do not meet the other's.
      await benchDatabase(kind, sandbox, merchants[testDatabaseKinds.indexOf(kind) % merchants.length]!, ingestOnly);
    }
    if (testDatabaseKinds.length === 1) console.log("(set TEST_DATABASE_URL=postgres://… to measure PostgreSQL too)");
  } finally {
    await sandbox.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
