import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { boardCard } from "@/e2e/support/board-card";
import { createTestDatabase, type TestDatabase } from "@/e2e/support/database";
import { createUser } from "@/lib/auth/users";
import { createSession, loadViewer, revokeSession, setUserDisabled } from "@/lib/auth/sessions";
import { createBoardStream } from "./board-stream";
import { InProcessBus } from "./bus";
import { sessionSignal } from "./session-ends";

/** Reads the stream to its end (a stream that never ends fails the test by its timeout). */
async function readToEnd(stream: ReadableStream<Uint8Array>): Promise<void> {
  const reader = stream.getReader();
  while (!(await reader.read()).done);
}

/** Reads the stream until an order message arrives: proof that the stream is still open. */
async function receivesOrder(stream: ReadableStream<Uint8Array>): Promise<boolean> {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let text = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return false;
    text += decoder.decode(value, { stream: true });
    if (text.includes("event: order")) return true;
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
    const bus = new InProcessBus();
    const signal = sessionSignal(viewer, new AbortController().signal);
    let onSubscribed = () => {};
    const subscribed = new Promise<void>((resolve) => (onSubscribed = resolve));
    const stream = createBoardStream({ db, bus, after: 0, storeIds: ["s1"], signal, onSubscribed });
    await subscribed;
    return { userId, viewer, stream, signal, bus };
  };

  it("ends a user's open stream as soon as the user is disabled, and leaves others open", async () => {
    const cook = await open("cook@streams.test");
    const other = await open("other@streams.test");
    await setUserDisabled(database.db, cook.userId, true);
    // At once: ended by the time the write that disabled the user returns.
    expect(cook.signal.aborted).toBe(true);
    await readToEnd(cook.stream);
    // The other user's stream still delivers what is published after.
    expect(other.signal.aborted).toBe(false);
    const receiving = receivesOrder(other.stream);
    other.bus.publish(boardCard({ seq: 1, storeId: "s1" }));
    expect(await receiving).toBe(true);
  });

  it("ends a session's open stream when the session is revoked (sign-out)", async () => {
    const cook = await open("signout@streams.test");
    await revokeSession(database.db, cook.viewer.sessionId);
    expect(cook.signal.aborted).toBe(true);
    await readToEnd(cook.stream);
  });
});
