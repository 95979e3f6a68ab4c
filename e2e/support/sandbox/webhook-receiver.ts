import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

// A tiny receiving server stands in for Comanda's webhook endpoint: it records each raw body and
// its headers, and answers the statuses it is told to (then 204).

export type Received = { at: number; path: string; headers: IncomingHttpHeaders; raw: string };

export type WebhookReceiver = { url: string; received: Received[]; server: Server; close(): Promise<void> };

export async function startWebhookReceiver(statuses: number[] = []): Promise<WebhookReceiver> {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    let raw = "";
    request.on("data", (chunk: Buffer) => (raw += chunk.toString("utf8")));
    request.on("end", () => {
      received.push({ at: Date.now(), path: request.url ?? "", headers: request.headers, raw });
      response.statusCode = statuses.shift() ?? 204;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    received,
    server,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
