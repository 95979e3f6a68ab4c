import { parseInput, withSession } from "@/lib/api/handler";
import { storeScope } from "@/lib/auth/sessions";
import { streamPositionSchema } from "@/lib/contract/route-params";
import { getDb } from "@/lib/db";
import { getBus } from "@/lib/realtime/process-bus";
import { createBoardStream } from "@/lib/realtime/board-stream";
import { sessionSignal } from "@/lib/realtime/session-ends";
import { getStatusFeed } from "@/lib/sync/status-feed";
import { shutdownSignal } from "@/lib/process/exit";

export const dynamic = "force-dynamic";

/**
 * Server-Sent Events of board changes. The browser's EventSource resends Last-Event-ID when it
 * reconnects; the first connection says where its snapshot ended with ?after=. `status` messages
 * say how each store's polling is doing (the board never polls /api/health).
 */
export const GET = withSession({ role: "kitchen" }, async (request, _params, viewer) => {
  const position = request.headers.get("last-event-id") ?? new URL(request.url).searchParams.get("after") ?? "0";
  const after = parseInput(streamPositionSchema, position);
  const stream = createBoardStream({
    db: await getDb(),
    bus: getBus(),
    after,
    storeIds: storeScope(viewer),
    // Ends with the request, or at once when the session is revoked or the user disabled.
    signal: sessionSignal(viewer, request.signal),
    status: getStatusFeed(),
    shutdown: shutdownSignal(),
  });
  return new Response(stream, {
    headers: {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-cache, no-transform",
      connection: "keep-alive",
      // Tells nginx-style proxies not to buffer the stream.
      "x-accel-buffering": "no",
    },
  });
});
