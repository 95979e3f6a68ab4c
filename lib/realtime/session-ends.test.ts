import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@/e2e/support/database";
import { createUser } from "@/lib/auth/users";
import { createSession, loadViewer, revokeSession, setUserDisabled } from "@/lib/auth/sessions";
import { createBoardStream } from "./board-stream";
import { InProcessBus } from "./bus";
import { sessionSignal } from "./session-ends";

/** Reads the stream to its end; the answer says whether it ended within `ms`. */
async function endsWithin(stream: ReadableStream<Uint8Array>, ms: number): Promise<boolean> {
  const reader = stream.getReader();
  const deadline = Date.now() + ms;
  for (;;) {
    const next = reader.read().then((r) => r.done);
    const timeout = new Promise<"timeout">((resolve) => setTimeout(() => resolve("timeout"), deadline - Date.now()));
    const outcome = await Promise.race([next, timeout]);
    if (outcome === "timeout") return false;
    if (outcome) return true;
  }
}

describe("open board streams of an ended session", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase("pglite");
  });
  afterAll(async () => database?.destroy());

  const open = async (email: string) => {
    const db = database.db;
    const userId = await createUser(db, {
      email,
      name: email,
      role: "kitchen",
      password: "pw",
      storeIds: ["s1"],
    });
    const viewer = (await loadViewer(db, await createSession(db, userId)))!;
    const stream = createBoardStream({
      db,
      bus: new InProcessBus(),
      after: 0,
      storeIds: ["s1"],
      signal: sessionSignal(viewer, new AbortController().signal),
    });
    return { userId, viewer, stream };
  };

  it("ends a user's open stream as soon as the user is disabled, and leaves others open", async () => {
    const cook = await open("cook@streams.test");
    const other = await open("other@streams.test");
    await setUserDisabled(database.db, cook.userId, true);
    expect(await endsWithin(cook.stream, 2_000)).toBe(true);
    expect(await endsWithin(other.stream, 300)).toBe(false);
  });

  it("ends a session's open stream when the session is revoked (sign-out)", async () => {
    const cook = await open("signout@streams.test");
    await revokeSession(database.db, cook.viewer.sessionId);
    expect(await endsWithin(cook.stream, 2_000)).toBe(true);
  });
});
