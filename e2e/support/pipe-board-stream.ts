import type { IncomingMessage, ServerResponse } from "node:http";
import { createBoardStream } from "@/lib/realtime/board-stream";

/**
 * Answers one request with Comanda's board stream from `?after=`: what the app's stream route
 * does, without its session checks. The real-process instances (failover, chaos) and the benches
 * serve it over plain Node.js HTTP.
 */
export function pipeBoardStream(
  request: IncomingMessage,
  response: ServerResponse,
  source: Pick<Parameters<typeof createBoardStream>[0], "db" | "bus" | "status">,
): void {
  const abort = new AbortController();
  request.once("close", () => abort.abort());
  const after = Number(new URL(request.url ?? "/", "http://instance").searchParams.get("after") ?? 0);
  const reader = createBoardStream({ ...source, after, signal: abort.signal }).getReader();
  response.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
  void (async () => {
    try {
      for (let next = await reader.read(); !next.done; next = await reader.read()) response.write(next.value);
    } catch {
      // The database went away mid-replay: the client reconnects.
    }
    response.end();
  })();
}
