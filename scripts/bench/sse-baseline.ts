import { createServer, type Server, type ServerResponse } from "node:http";
import { performance } from "node:perf_hooks";
import { boardCard } from "@/e2e/support/board-card";
import { withTimeout } from "@/lib/time/with-timeout";

/** Many SSE clients on one URL, for benchmarks: each notes when its next message arrives. */
export interface SseClients {
  /** Resolves with each client's arrival time of its next message. */
  nextMessageEverywhere(): Promise<number[]>;
  /** How many order messages each client has received so far. */
  received(): number[];
  close(): void;
}

/** Streams not all open by then fail the bench, saying how many opened, rather than hang it. */
const OPEN_TIMEOUT_MS = 300_000;

export async function openSseClients(
  url: string,
  count: number,
  /** Sent with each connection (a session's cookie for Comanda's route). */
  headers: Record<string, string> = {},
): Promise<SseClients> {
  // One signal per stream: fetch caps a signal's listeners at 1,500 (and warns past it).
  const controllers = Array.from({ length: count }, () => new AbortController());
  const waiters: Array<((at: number) => void) | undefined> = new Array(count).fill(undefined);
  const received: number[] = new Array(count).fill(0);
  let opened = 0;
  const opening = Promise.all(
    Array.from({ length: count }, async (_, index) => {
      const response = await fetch(url, { signal: controllers[index]!.signal, headers });
      if (!response.ok) throw new Error(`opening a stream: HTTP ${response.status}`);
      const reader = response.body!.getReader();
      const decoder = new TextDecoder();
      // Wait for the preamble, so the client is subscribed before measuring starts.
      await reader.read();
      opened += 1;
      void (async () => {
        let buffer = "";
        for (;;) {
          const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
          if (done) return;
          buffer += decoder.decode(value, { stream: true });
          while (buffer.includes("\n\n")) {
            const block = buffer.slice(0, buffer.indexOf("\n\n"));
            buffer = buffer.slice(buffer.indexOf("\n\n") + 2);
            // Order changes only: status messages (every few seconds) are not what is measured.
            if (block.includes("event: order")) {
              received[index]! += 1;
              const resolve = waiters[index];
              waiters[index] = undefined;
              resolve?.(performance.now());
            }
          }
        }
      })();
    }),
  );
  await withTimeout(
    opening,
    OPEN_TIMEOUT_MS,
    () => `only ${opened} of ${count} streams opened within ${OPEN_TIMEOUT_MS / 1000} s`,
  ).catch((error: unknown) => {
    controllers.forEach((controller) => controller.abort());
    throw error;
  });
  return {
    nextMessageEverywhere: () =>
      Promise.all(waiters.map((_, index) => new Promise<number>((resolve) => (waiters[index] = resolve)))),
    received: () => [...received],
    close: () => controllers.forEach((controller) => controller.abort()),
  };
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Latencies from `send` to each client's arrival, over `samples` sends. */
export async function measureFanout(clients: SseClients, send: () => unknown, samples: number): Promise<number[]> {
  const latencies: number[] = [];
  for (let sample = 0; sample < samples; sample += 1) {
    const received = clients.nextMessageEverywhere();
    const sent = performance.now();
    await send();
    for (const at of await received) latencies.push(at - sent);
  }
  return latencies;
}

/**
 * A bare Node.js SSE server that only broadcasts one card (when `broadcast` is called, or on any
 * POST request): the baseline fan-out is compared with.
 * Give it the card Comanda's side sends, so both carry the same bytes to each client.
 */
export function bareSseServer(
  card: object = sampleCard,
): Promise<{ server: Server; url: string; broadcast: () => void }> {
  const responses = new Set<ServerResponse>();
  const server = createServer((request, response) => {
    // A POST broadcasts, so that a change can reach it over HTTP as one reaches Comanda's route.
    if (request.method === "POST") {
      broadcast();
      response.writeHead(204).end();
      return;
    }
    response.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
    response.write(": connected\n\n");
    responses.add(response);
    request.on("close", () => responses.delete(response));
  });
  let seq = 0;
  const payload = JSON.stringify(card);
  const broadcast = () => {
    seq += 1;
    for (const response of responses) response.write(`id: ${seq}\nevent: order\ndata: ${payload}\n\n`);
  };
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve({ server, url: `http://127.0.0.1:${(server.address() as { port: number }).port}/`, broadcast }),
    ),
  );
}

export const sampleCard = boardCard({
  id: "bench",
  storeId: "bench",
  displayId: "0000",
  customerName: "Bench",
  total: { value: 10, currency: "BRL" },
  placedAt: new Date().toISOString(),
  seq: 0,
});
