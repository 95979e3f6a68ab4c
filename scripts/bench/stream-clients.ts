/**
 * The stream bench's clients (scripts/bench/stream.ts), in a process of their own so that reading
 * thousands of streams does not share the server's or the bench's CPU time: opens `count` streams
 * on a URL, and when armed reports when each received its next order message (ms since the epoch,
 * comparable with the bench process's clock on the same machine).
 */
import { performance } from "node:perf_hooks";
import { withTimeout } from "@/lib/time/with-timeout";
import { openSseClients, type SseClients } from "./sse-baseline";

export type ClientsRequest =
  { kind: "open"; url: string; count: number; headers: Record<string, string> } | { kind: "arm" } | { kind: "close" };

export type ClientsReply =
  { kind: "opened" } | { kind: "armed" } | { kind: "arrived"; at: number[] } | { kind: "failed"; message: string };

/** A change not at every client by then is reported, not waited for. */
const ARRIVAL_TIMEOUT_MS = 30_000;

let clients: SseClients | undefined;
const reply = (message: ClientsReply) => process.send!(message);

process.on("message", (request: ClientsRequest) => {
  void (async () => {
    try {
      if (request.kind === "open") {
        clients?.close();
        clients = await openSseClients(request.url, request.count, request.headers);
        reply({ kind: "opened" });
      } else if (request.kind === "arm") {
        // The waiters are in place before the bench is told to make the change.
        const arrivals = clients!.nextMessageEverywhere();
        reply({ kind: "armed" });
        const at = await withTimeout(arrivals, ARRIVAL_TIMEOUT_MS, () => {
          const got = clients!.received().filter((count) => count > 0).length;
          return `no message within ${ARRIVAL_TIMEOUT_MS} ms on some streams (${got} have had one)`;
        });
        reply({ kind: "arrived", at: at.map((time) => performance.timeOrigin + time) });
      } else {
        clients?.close();
        process.disconnect();
      }
    } catch (error) {
      reply({ kind: "failed", message: error instanceof Error ? error.message : String(error) });
    }
  })();
});
