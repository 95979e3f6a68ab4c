import "server-only";
import { processSingleton } from "@/lib/process/singleton";

/**
 * The open streams of each session, so that ending a session (sign-out) or disabling a user
 * closes what they still have open at once, instead of when the client next reconnects.
 * In-process, like the change bus: one registry per process, shared by Next.js's module graphs.
 */
interface OpenStream {
  userId: number;
  sessionId: string;
  controller: AbortController;
}

const open = () => processSingleton("sessionStreams", () => new Set<OpenStream>());

/** A signal that aborts when `until` does, or when the viewer's session or user is ended. */
export function sessionSignal(viewer: { userId: number; sessionId: string }, until: AbortSignal): AbortSignal {
  const controller = new AbortController();
  const entry: OpenStream = { userId: viewer.userId, sessionId: viewer.sessionId, controller };
  open().add(entry);
  controller.signal.addEventListener("abort", () => open().delete(entry), { once: true });
  if (until.aborted) controller.abort();
  else until.addEventListener("abort", () => controller.abort(), { once: true });
  return controller.signal;
}

/** Closes every open stream of this user, or of this session. */
export function endStreams(match: { userId: number } | { sessionId: string }): void {
  for (const entry of [...open()]) {
    const hit = "userId" in match ? entry.userId === match.userId : entry.sessionId === match.sessionId;
    if (hit) entry.controller.abort();
  }
}
