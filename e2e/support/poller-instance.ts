// One "instance" for the failover and chaos tests (lib/sync/failover.test.ts, chaos.test.ts):
// Comanda's pollers under leases, on the PostgreSQL database and against the sandbox it is given,
// as a process of its own that the test can kill -9, stop or cut off from the database. It prints
// one JSON line per lease taken or let go. It polls the platform connections the test saved in the
// database. With FAILOVER_HTTP_PORT it also serves, from the same modules as the app's routes, the
// board (GET /board), its stream (GET /stream?after=N, through the PostgreSQL fan-out), whether
// its database answers (GET /ready, as the app's readiness) and the
// confirm action (POST /orders/:storeId/:orderId/confirm).
// With FAILOVER_DATA_DIR instead of a PostgreSQL URL it runs on PGlite in that folder (one
// process: its own writes are its stream's bus), its stream carries the status feed, and
// POST /disk-fault?code=EROFS|ENOSPC|none turns its disk read-only, full or back to normal
// (e2e/support/disk-faults.ts; lib/db/pglite-disk.test.ts).
// node --conditions=react-server --import tsx e2e/support/poller-instance.ts
import { createServer, type ServerResponse } from "node:http";
import { getBoardSnapshot } from "@/lib/db/board";
import { openDatabase, type DatabaseHandle } from "@/lib/db/client";
import { installDiskFaults, setDiskFault, type DiskFault } from "@/e2e/support/disk-faults";
import { boardWrites, type ChangeBus } from "@/lib/realtime/bus";
import { readPollStates } from "@/lib/stores/poll-state";
import { StatusFeed } from "@/lib/sync/status-feed";
import { InterchangeClient } from "@/lib/platform/interchange/client";
import { pipeBoardStream } from "@/e2e/support/pipe-board-stream";
import { postgresFanout } from "@/lib/realtime/process-bus";
import { LeaseKeeper } from "@/lib/sync/lease-keeper";
import { createOrderActions } from "@/lib/actions/perform-order-action";
import { ConnectionPoller } from "@/lib/sync/poller";
import { findChannelConnection, type PlatformConnection } from "@/lib/sync/registry";
import { loadEnabledConnections } from "@/lib/stores/connections";
import { databaseAnswers } from "@/lib/process/readiness";

const databaseUrl = process.env.FAILOVER_DATABASE_URL;
const dataDir = process.env.FAILOVER_DATA_DIR;
const instanceId = process.env.FAILOVER_INSTANCE!;
const intervalMs = Number(process.env.FAILOVER_INTERVAL_MS ?? 1000);
const httpPort = process.env.FAILOVER_HTTP_PORT ? Number(process.env.FAILOVER_HTTP_PORT) : undefined;

const say = (line: Record<string, unknown>) =>
  process.stdout.write(`${JSON.stringify({ instance: instanceId, at: Date.now(), ...line })}\n`);

async function main() {
  if (dataDir) installDiskFaults(dataDir);
  const handle = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir: dataDir! });
  const { db } = handle;
  // The app's own buses (lib/realtime/process-bus.ts): the fan-out on PostgreSQL, its writes on PGlite.
  const bus = databaseUrl ? postgresFanout(async () => db, databaseUrl) : boardWrites();
  // The platform connections the test saved (stores with their credentials), as the app's start
  // connects them: one client and one poller per connection.
  const connections = new Map<string, PlatformConnection>(
    (await loadEnabledConnections(db)).map(({ connection, channels }) => {
      const client = new InterchangeClient({
        // The connection's own platform (a sandbox hosting several has them at /p2, /p3…).
        baseUrl: connection.baseUrl,
        clientId: connection.clientId,
        clientSecret: connection.clientSecret,
        orderIdPrefix: connection.orderIdPrefix,
        timeoutMs: 5_000,
      });
      const poller = new ConnectionPoller({
        connectionId: connection.id,
        channels: new Map(channels.map((channel) => [channel.id, channel.restaurantId])),
        client,
        db,
        intervalMs,
        leased: true,
      });
      const byId = new Map(channels.map((channel) => [channel.id, channel]));
      return [connection.id, { id: connection.id, config: connection, channels: byId, client, poller }];
    }),
  );
  const keeper = new LeaseKeeper({
    db,
    instanceId,
    keys: () => [...connections.keys()].map((key) => ({ key, intervalMs })),
    acquired: (key, lease) => {
      say({ event: "acquired", key, token: lease.token });
      connections.get(key)?.poller.start(lease);
    },
    // Said once the poller has stopped (its poll in flight finished): the test checks that no
    // two instances poll one store at once.
    lost: async (key) => {
      await connections.get(key)?.poller.stop();
      say({ event: "lost", key });
    },
  });
  if (httpPort !== undefined) {
    if ("start" in bus) await bus.start();
    await serve(handle, bus, connections, httpPort);
  }
  keeper.start();
  say({ event: "started" });
  process.once("SIGTERM", () => void keeper.stop().finally(() => process.exit(0)));
}

function serve(
  handle: DatabaseHandle,
  bus: ChangeBus,
  connections: Map<string, PlatformConnection>,
  port: number,
): Promise<void> {
  const { db } = handle;
  // The app's status feed (what the board shows as "Sem banco de dados"), on PGlite's tests.
  const status = dataDir
    ? new StatusFeed(
        () => readPollStates(db),
        undefined,
        () => bus.listening(),
      )
    : undefined;
  const perform = createOrderActions({
    db,
    connectionFor: (storeId) => findChannelConnection(connections.values(), storeId),
    timeoutMs: 5_000,
  });
  const json = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { "content-type": "application/json" });
    response.end(JSON.stringify(body));
  };
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://instance");
    const action = /^\/orders\/([^/]+)\/([^/]+)\/confirm$/.exec(url.pathname);
    if (request.method === "GET" && url.pathname === "/ready") {
      // The app's readiness check of its database (lib/process/readiness.ts), on this instance's.
      void databaseAnswers(handle).then((ready) => json(response, ready ? 200 : 503, { ready }));
    } else if (request.method === "POST" && url.pathname === "/disk-fault" && dataDir) {
      const code = url.searchParams.get("code");
      const refused = setDiskFault(code === "none" ? undefined : (code as DiskFault));
      json(response, 200, { refused });
    } else if (request.method === "GET" && url.pathname === "/board") {
      void getBoardSnapshot(db).then(
        (snapshot) => json(response, 200, snapshot),
        (error: unknown) => json(response, 500, { error: String(error) }),
      );
    } else if (request.method === "GET" && url.pathname === "/stream") {
      pipeBoardStream(request, response, { db, bus, status });
    } else if (request.method === "POST" && action) {
      const [, storeId, orderId] = action.map(decodeURIComponent);
      perform({ storeId: storeId!, orderId: orderId!, request: { action: "confirm" } }).then(
        (order) => json(response, 200, order),
        (error: unknown) => json(response, 409, { error: error instanceof Error ? error.message : String(error) }),
      );
    } else json(response, 404, {});
  });
  return new Promise((resolve) => server.listen(port, "127.0.0.1", () => resolve()));
}

void main();
