import { handler, parseInput, withSession } from "@/lib/api/handler";
import { sessionIdFromHeaders } from "@/lib/auth/guard";
import { storeScope } from "@/lib/auth/sessions";
import { streamPositionSchema } from "@/lib/contract/route-params";
import { getDb } from "@/lib/db";
import { getBus } from "@/lib/realtime/process-bus";
import { createBoardStream } from "@/lib/realtime/board-stream";
import { openStreamSlot, refuseWhenSessionFull, releasingWhenDone } from "@/lib/realtime/session-ends";
import { getStatusFeed } from "@/lib/sync/status-feed";
import { shutdownSignal } from "@/lib/process/exit";

export const dynamic = "force-dynamic";

/**
 * Server-Sent Events of board changes. The browser's EventSource resends Last-Event-ID when it
 * reconnects; the first connection says where its snapshot ended with ?after=. `status` messages
 * say how each store's polling is doing (the board never polls /api/health).
 */
const openBoardStream = withSession({ role: "kitchen" }, async (request, _params, viewer) => {
  const position = request.headers.get("last-event-id") ?? new URL(request.url).searchParams.get("after") ?? "0";
  const after = parseInput(streamPositionSchema, position);
  const [db, bus, status, shutdown] = [await getDb(), getBus(), getStatusFeed(), shutdownSignal()];
  // 429 past the session's or its owner's streams (lib/realtime/session-ends.ts); the slot is
  // given back the moment the stream ends, whichever side ends it.
  const slot = openStreamSlot(viewer, request.signal);
  const stream = createBoardStream({
    db,
    bus,
    after,
    storeIds: storeScope(viewer),
    // Ends with the request, or at once when the session is revoked or the user disabled.
    signal: slot.signal,
    status,
    shutdown,
  });
  return new Response(releasingWhenDone(stream, slot), {
    headers: {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-cache, no-transform",
      connection: "keep-alive",
      // Tells nginx-style proxies not to buffer the stream.
      "x-accel-buffering": "no",
    },
  });
});

export const GET = handler(async (request, params) => {
  // A session holding its most streams is refused on its cookie alone, before the database is
  // asked who it is: 2,000 requests of one cookie cost 2,000 cookie checks, not 2,000 reads.
  refuseWhenSessionFull(await sessionIdFromHeaders(request.headers));
  return openBoardStream(request, { params: Promise.resolve(params) });
});
