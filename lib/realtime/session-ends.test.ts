import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@/e2e/support/database";
import { createUser } from "@/lib/auth/users";
import { createSession, loadViewer, revokeSession, setUserDisabled } from "@/lib/auth/sessions";
import { createBoardStream } from "./board-stream";
import { InProcessBus } from "./bus";
import { AppError } from "@/lib/errors";
import { openStreamSlot, releasingWhenDone, STREAM_LIMITS, type StreamSlot } from "./session-ends";

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
      signal: openStreamSlot(viewer, new AbortController().signal).signal,
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
