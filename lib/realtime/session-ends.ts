import "server-only";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { processSingleton } from "@/lib/process/singleton";

/**
 * The open streams of each session, so that ending a session (sign-out) or disabling a user
 * closes what they still have open at once, instead of when the client next reconnects; and so
 * that no session or user can hold more than a few. In-process, like the change bus: one
 * registry per process, shared by Next.js's module graphs.
 */
interface OpenStream {
  userId: number;
  sessionId: string;
  owner: string;
  controller: AbortController;
}

/**
 * Board streams one instance serves at once. A tablet needs one, two while a dropped connection
 * is not yet noticed by the server (a tablet's Wi-Fi gone: its old stream lingers until a write
 * fails). Each stream costs the server some 200 kB (measured: 2,000 streams of one cookie took
 * 380 MB and stalled every other request), so one cookie must not open thousands.
 * - per session: 4 — a board, an order page and a reconnect or two;
 * - per owner: 20 — a person's streams over all their sign-ins, or a store's over all its kitchen
 *   tablets (a tablet counts for its store, not for the manager who set it up, so a chain's
 *   manager can set up a tablet in each of 30 stores).
 * Counted per instance: each instance bounds its own memory; behind a load balancer a session
 * may hold this many on each instance. BOARD_STREAMS_PER_SESSION and BOARD_STREAMS_PER_OWNER
 * change them (the stream bench raises them to hold 2,000 streams on one sign-in).
 */
export const STREAM_LIMITS = {
  perSession: env.BOARD_STREAMS_PER_SESSION,
  perOwner: env.BOARD_STREAMS_PER_OWNER,
} as const;

const registry = () =>
  processSingleton("sessionStreamSlots", () => ({
    open: new Set<OpenStream>(),
    bySession: new Map<string, number>(),
    byOwner: new Map<string, number>(),
  }));

function bump(counts: Map<string, number>, key: string, by: 1 | -1): void {
  const next = (counts.get(key) ?? 0) + by;
  if (next > 0) counts.set(key, next);
  else counts.delete(key);
}

interface StreamViewer {
  userId: number;
  sessionId: string;
  /** A kitchen tablet's store: its streams count for the store, not for the user. */
  deviceStoreId?: string | null;
}

export interface StreamSlot {
  /** Aborts when `until` does, when the slot is released, or when the session or user is ended. */
  signal: AbortSignal;
  /** Gives the slot back (idempotent): at once when the stream ends, however it ends. */
  release(): void;
}

const sessionFull = () =>
  new AppError(
    "too_many_streams",
    `This session already has ${STREAM_LIMITS.perSession} board streams open: close another tab of the board, or wait a moment.`,
  );

/**
 * Refuses (429) a stream for a session that holds the most already, before anything else is read:
 * a flood from one cookie then costs a cookie check per request, not a database read.
 */
export function refuseWhenSessionFull(sessionId: string | null): void {
  if (sessionId && (registry().bySession.get(sessionId) ?? 0) >= STREAM_LIMITS.perSession) throw sessionFull();
}

/**
 * Takes one of the viewer's stream slots, or refuses with 429 when their session or owner holds
 * the most already. The slot is released when `until` aborts (the client went), when `release`
 * is called (the stream ended on the server's side), or when the session or user is ended.
 */
export function openStreamSlot(viewer: StreamViewer, until: AbortSignal): StreamSlot {
  const state = registry();
  const owner = viewer.deviceStoreId ? `store:${viewer.deviceStoreId}` : `user:${viewer.userId}`;
  refuseWhenSessionFull(viewer.sessionId);
  if ((state.byOwner.get(owner) ?? 0) >= STREAM_LIMITS.perOwner)
    throw new AppError(
      "too_many_streams",
      `This account already has ${STREAM_LIMITS.perOwner} board streams open: close boards it no longer uses, or wait a moment.`,
    );
  const controller = new AbortController();
  const entry: OpenStream = { userId: viewer.userId, sessionId: viewer.sessionId, owner, controller };
  state.open.add(entry);
  bump(state.bySession, entry.sessionId, 1);
  bump(state.byOwner, owner, 1);
  controller.signal.addEventListener(
    "abort",
    () => {
      state.open.delete(entry);
      bump(state.bySession, entry.sessionId, -1);
      bump(state.byOwner, owner, -1);
      until.removeEventListener("abort", onUntil);
    },
    { once: true },
  );
  const onUntil = () => controller.abort();
  if (until.aborted) controller.abort();
  else until.addEventListener("abort", onUntil, { once: true });
  return { signal: controller.signal, release: () => controller.abort() };
}

/**
 * The stream with its slot given back when it ends, however: read to its end, failed, or
 * cancelled by the client. It pulls only what its reader asks for, so a slow reader's backlog
 * stays in `stream`, where the board stream bounds it.
 */
export function releasingWhenDone(stream: ReadableStream<Uint8Array>, slot: StreamSlot): ReadableStream<Uint8Array> {
  const reader = stream.getReader();
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const { done, value } = await reader.read();
          if (done) {
            slot.release();
            controller.close();
          } else controller.enqueue(value);
        } catch (error) {
          slot.release();
          controller.error(error);
        }
      },
      cancel(reason) {
        slot.release();
        return reader.cancel(reason);
      },
    },
    { highWaterMark: 0 },
  );
}

/** Closes every open stream of this user, or of this session. */
export function endStreams(match: { userId: number } | { sessionId: string }): void {
  for (const entry of [...registry().open]) {
    const hit = "userId" in match ? entry.userId === match.userId : entry.sessionId === match.sessionId;
    if (hit) entry.controller.abort();
  }
}
