import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { connect, type Socket } from "node:net";
// The function `next start` pipes a route handler's stream to its socket with.
import { pipeToNodeResponse } from "next/dist/server/pipe-readable";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@/e2e/support/database";
import type { BoardOrder } from "@/lib/contract/board";
import { httpLimits } from "@/scripts/http-limits.mjs";
import { createBoardStream, type BoardStreamOptions } from "./board-stream";
import { InProcessBus } from "./bus";

// Slow clients over real sockets: board streams served by a Node.js HTTP server with npm start's
// limits (scripts/http-limits.mjs; a 2 s idle socket timeout here), piping them to their sockets
// the way `next start` does (its own pipeToNodeResponse, with backpressure). A client that reads
// a byte a second, or nothing, must cost a bounded backlog and be dropped; a tablet reading
// normally beside it gets every change.

/** A card change of about `bytes` bytes on the wire (the stream only reads seq and storeId). */
function change(seq: number, bytes: number): BoardOrder {
  return { seq, storeId: "store-a", id: `order-${seq}`, padding: "x".repeat(bytes) } as unknown as BoardOrder;
}

interface Client {
  socket: Socket;
  /** `event: order` messages received so far. */
  orders(): number;
}

/** A tablet that reads everything as it comes. */
function readingClient(port: number): Promise<Client> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1", () => {
      socket.write("GET /stream HTTP/1.1\r\nHost: local\r\n\r\n");
      resolve({ socket, orders: () => count });
    });
    let count = 0;
    let tail = "";
    socket.on("data", (chunk: Buffer) => {
      const text = tail + chunk.toString("latin1");
      count += text.split("event: order\n").length - 1;
      tail = text.slice(-12);
    });
  });
}

/** A client that asks for the stream, then reads one byte a second (or nothing at all). */
function slowClient(port: number, { reads }: { reads: boolean }): Promise<Socket> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1", () => {
      socket.write("GET /stream HTTP/1.1\r\nHost: local\r\n\r\n");
      socket.pause();
      if (reads) {
        const timer = setInterval(() => socket.read(1), 1_000);
        socket.once("close", () => clearInterval(timer));
      }
      resolve(socket);
    });
    socket.on("error", () => undefined);
  });
}

/** A Node.js HTTP server serving board streams as `next start` does, with these server options. */
async function serveStreams(
  db: () => TestDatabase["db"],
  stream: () => { bus: InProcessBus; options: Partial<BoardStreamOptions> },
  limits?: ReturnType<typeof httpLimits>,
): Promise<{ server: Server; port: number; connections: () => Promise<number> }> {
  const handle = (_request: unknown, response: ServerResponse) => {
    const gone = new AbortController();
    response.once("close", () => gone.abort());
    const { bus, options } = stream();
    const board = createBoardStream({ db: db(), bus, after: 0, signal: gone.signal, ...options });
    response.writeHead(200, { "content-type": "text/event-stream" });
    void pipeToNodeResponse(board, response);
  };
  const server = limits ? createServer(limits.options, handle) : createServer(handle);
  if (limits) server.setTimeout(limits.socketTimeout);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const connections = () => new Promise<number>((resolve) => server.getConnections((_error, count) => resolve(count)));
  return { server, port: (server.address() as AddressInfo).port, connections };
}

describe("board streams and slow clients, over real sockets", () => {
  let database: TestDatabase;
  let bus: InProcessBus;
  let options: Partial<BoardStreamOptions> = {};
  let seq = 0;
  /** A bare `next start` (no limits of npm start's): what the stream does on its own. */
  let bare: Awaited<ReturnType<typeof serveStreams>>;
  /** With npm start's limits (scripts/http-limits.mjs), a 1 s headers and 2 s idle socket timeout. */
  let limited: Awaited<ReturnType<typeof serveStreams>>;

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    const current = () => ({ bus, options });
    bare = await serveStreams(() => database.db, current);
    limited = await serveStreams(
      () => database.db,
      current,
      httpLimits({ HTTP_HEADERS_TIMEOUT_MS: "1000", HTTP_SOCKET_TIMEOUT_MS: "2000" }),
    );
  });
  afterAll(async () => {
    for (const { server } of [bare, limited]) {
      server?.closeAllConnections();
      await new Promise((resolve) => server?.close(resolve));
    }
    await database?.destroy();
  });

  /** Publishes `count` changes of `bytes`, a batch at a time, letting sockets drain between batches. */
  async function publish(count: number, bytes: number): Promise<void> {
    for (let sent = 0; sent < count; sent += 20) {
      for (let i = sent; i < Math.min(count, sent + 20); i++) bus.publish(change(++seq, bytes));
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  it("drops a stream whose client does not read once its backlog passes the bound; the tablet beside it gets everything", async () => {
    bus = new InProcessBus();
    options = {};
    const tablet = await readingClient(bare.port);
    const stalled = await slowClient(bare.port, { reads: false });
    await expect.poll(() => bus.listenerCount()).toBe(2);

    // 12 MB of changes: more than any backlog may hold (a replay at the largest cards plus 1 MiB).
    await publish(1_500, 8_000);
    await expect.poll(() => tablet.orders(), { timeout: 20_000 }).toBe(1_500);
    // The stalled client's stream let go of the bus and of what it had not read.
    await expect.poll(() => bus.listenerCount()).toBe(1);
    tablet.socket.destroy();
    stalled.destroy();
  });

  it("drops a stream whose client reads a byte a second once it has taken nothing for the stall time", async () => {
    bus = new InProcessBus();
    options = { stallMs: 1_000, heartbeatMs: 200 };
    const tablet = await readingClient(bare.port);
    const trickle = await slowClient(bare.port, { reads: true });
    await expect.poll(() => bus.listenerCount()).toBe(2);

    // Enough to fill the kernel's buffers on both sides, far below the byte bound.
    await publish(500, 8_000);
    await expect.poll(() => tablet.orders(), { timeout: 20_000 }).toBe(500);
    await expect.poll(() => bus.listenerCount(), { timeout: 10_000 }).toBe(1);
    // The tablet still receives what comes next.
    await publish(10, 100);
    await expect.poll(() => tablet.orders()).toBe(510);
    tablet.socket.destroy();
    trickle.destroy();
  });

  it("with npm start's limits, closes the connection of a client that stopped reading", async () => {
    bus = new InProcessBus();
    // A heartbeat well within the idle timeout, as the board's status every 5 s is within 120 s.
    options = { heartbeatMs: 300 };
    const tablet = await readingClient(limited.port);
    const stalled = await slowClient(limited.port, { reads: false });
    // More than the kernel's buffers take (a few MB on loopback): the server's writes block.
    await publish(1_500, 8_000);
    await expect.poll(() => tablet.orders(), { timeout: 20_000 }).toBe(1_500);
    // Its socket took nothing for the idle timeout (2 s here, 120 s by default): closed by the server.
    await expect.poll(limited.connections, { timeout: 10_000 }).toBe(1);
    await expect.poll(() => bus.listenerCount()).toBe(1);
    tablet.socket.destroy();
    stalled.destroy();
  });

  it("with npm start's limits, closes a connection that never finishes its headers (slow loris)", async () => {
    const loris = connect(limited.port, "127.0.0.1");
    loris.on("error", () => undefined);
    const closed = new Promise<number>((resolve) => loris.once("close", () => resolve(Date.now())));
    await new Promise((resolve) => loris.once("connect", resolve));
    const started = Date.now();
    loris.write("GET /stream HTTP/1.1\r\nHost: local\r\n");
    // A header line now and then, never the blank line that ends them.
    const drip = setInterval(() => loris.write(`X-Slow-${Date.now()}: 1\r\n`), 200);
    try {
      const closedAfter = (await closed) - started;
      console.log(`slow loris closed after ${closedAfter} ms (headers timeout 1,000 ms, checked every 250 ms)`);
      expect(closedAfter).toBeLessThan(5_000);
    } finally {
      clearInterval(drip);
    }
  });
});
