import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { boardCard } from "@/e2e/support/board-card";
import { createTestDatabase, type TestDatabase } from "@/e2e/support/database";
import { createUser } from "@/lib/auth/users";
import { createSession, loadViewer, revokeSession, setUserDisabled } from "@/lib/auth/sessions";
import { createBoardStream } from "./board-stream";
import { InProcessBus } from "./bus";
import { AppError } from "@/lib/errors";
import { openStreamSlot, releasingWhenDone, STREAM_LIMITS, type StreamSlot } from "./session-ends";

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
    const { signal } = openStreamSlot(viewer, new AbortController().signal);
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

describe("how many streams a session and an owner may hold", () => {
  let next = 0;
  const viewer = (over: Partial<{ userId: number; sessionId: string; deviceStoreId: string | null }> = {}) => ({
    userId: 9_000 + next,
    sessionId: `session-${next++}`,
    deviceStoreId: null,
    ...over,
  });
  const refusal = (open: () => unknown): string | null => {
    try {
      open();
      return null;
    } catch (error) {
      return error instanceof AppError ? `${error.status} ${error.code}` : String(error);
    }
  };

  it("refuses a session's fifth stream with 429, and takes one again the moment one closes", () => {
    const tablet = viewer();
    const clients = Array.from({ length: STREAM_LIMITS.perSession }, () => new AbortController());
    const slots = clients.map((client) => openStreamSlot(tablet, client.signal));
    expect(refusal(() => openStreamSlot(tablet, new AbortController().signal))).toBe("429 too_many_streams");
    // Another session of another person is not affected.
    expect(refusal(() => openStreamSlot(viewer(), new AbortController().signal))).toBeNull();
    clients[0]!.abort();
    expect(slots[0]!.signal.aborted).toBe(true);
    expect(refusal(() => openStreamSlot(tablet, new AbortController().signal))).toBeNull();
    expect(refusal(() => openStreamSlot(tablet, new AbortController().signal))).toBe("429 too_many_streams");
    // Released twice (the stream ended, then the client went) counts once.
    slots[1]!.release();
    clients[1]!.abort();
    expect(refusal(() => openStreamSlot(tablet, new AbortController().signal))).toBeNull();
    expect(refusal(() => openStreamSlot(tablet, new AbortController().signal))).toBe("429 too_many_streams");
  });

  it("counts a person's sessions together, and a kitchen tablet for its store", () => {
    const userId = 8_000;
    const sessions = Array.from({ length: STREAM_LIMITS.perOwner / 2 }, () => viewer({ userId }));
    for (const session of sessions) for (let i = 0; i < 2; i++) openStreamSlot(session, new AbortController().signal);
    expect(refusal(() => openStreamSlot(viewer({ userId }), new AbortController().signal))).toBe(
      "429 too_many_streams",
    );
    // Tablets this manager set up belong to their stores: each has its own budget.
    for (let store = 0; store < 30; store++)
      expect(
        refusal(() =>
          openStreamSlot(viewer({ userId, deviceStoreId: `store-${store}` }), new AbortController().signal),
        ),
      ).toBeNull();
  });

  it("gives the slot back when the stream ends on the server's side, cancelled or failed", async () => {
    const tablet = viewer();
    const fill = () =>
      Array.from({ length: STREAM_LIMITS.perSession }, () => openStreamSlot(tablet, new AbortController().signal));
    const wrap = (slot: StreamSlot, end: "close" | "error") =>
      releasingWhenDone(
        new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(new Uint8Array([1]));
            if (end === "close") controller.close();
            else controller.error(new Error("gone"));
          },
        }),
        slot,
      );
    const [ended, failed, cancelled] = fill();
    const reader = wrap(ended!, "close").getReader();
    expect((await reader.read()).done).toBe(false);
    expect((await reader.read()).done).toBe(true);
    await expect(wrap(failed!, "error").getReader().read()).rejects.toThrow("gone");
    await wrap(cancelled!, "close").cancel();
    expect([ended, failed, cancelled].map((slot) => slot!.signal.aborted)).toEqual([true, true, true]);
    for (let i = 0; i < 3; i++) openStreamSlot(tablet, new AbortController().signal);
    expect(refusal(() => openStreamSlot(tablet, new AbortController().signal))).toBe("429 too_many_streams");
  });
});
