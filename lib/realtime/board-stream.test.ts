import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { platformEvents } from "@/lib/db/schema";
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from "@/e2e/support/database";
import { writeBoard } from "@/lib/db/board-writes";
import { reprojectOrder } from "@/lib/db/order-writes";
import type { BoardOrder } from "@/lib/contract/board";
import { boardWrites } from "./bus";
import type { StatusMessage } from "@/lib/contract/stream";
import { createBoardStream } from "./board-stream";

interface Message {
  id?: string;
  event?: string;
  data?: string;
}

/** Reads SSE messages (not comments) from a stream until `count` arrived. */
async function readMessages(stream: ReadableStream<Uint8Array>, count: number): Promise<Message[]> {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  const messages: Message[] = [];
  let buffer = "";
  while (messages.length < count) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let end: number;
    while ((end = buffer.indexOf("\n\n")) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const message: Message = {};
      for (const line of block.split("\n")) {
        const [field, ...rest] = line.split(": ");
        if (field === "id" || field === "event" || field === "data") message[field] = rest.join(": ");
      }
      if (message.data !== undefined) messages.push(message);
    }
  }
  reader.releaseLock();
  return messages;
}

/** The stream's `onSubscribed` option and a promise of it: awaited, the stream is live. */
function subscription(): { onSubscribed: () => void; subscribed: Promise<void> } {
  let onSubscribed = () => {};
  const subscribed = new Promise<void>((resolve) => (onSubscribed = resolve));
  return { onSubscribed, subscribed };
}

describe.each(testDatabaseKinds)("board stream (%s)", (kind) => {
  let database: TestDatabase;
  // The process's bus on PGlite: every board write announces itself there (lib/realtime/bus.ts).
  const bus = boardWrites();

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => database?.destroy());

  async function addOrder(displayId: string, storeId = "store-a"): Promise<BoardOrder> {
    const id = randomUUID();
    return writeBoard(database.db, async (tx) => {
      await tx.insert(platformEvents).values({
        eventId: randomUUID(),
        storeId,
        channelId: storeId,
        orderId: id,
        eventType: "CREATED",
        occurredAt: new Date(),
        payload: {},
      });
      return reprojectOrder(tx, {
        id,
        storeId,
        channelId: storeId,
        details: {},
        detailsError: null,
        summary: {
          displayId,
          type: "TAKEOUT",
          customerName: "Ana",
          itemCount: 1,
          total: { value: 10, currency: "BRL" },
          placedAt: new Date().toISOString(),
          timing: "INSTANT",
          preparationStartAt: null,
          scheduledFor: null,
        },
      });
    });
  }

  it("replays what the client missed after its last id, then streams live changes in order", async () => {
    const first = await addOrder("1001");
    const second = await addOrder("1002");
    const controller = new AbortController();
    const { onSubscribed, subscribed } = subscription();
    const stream = createBoardStream({
      db: database.db,
      bus,
      after: first.seq,
      signal: controller.signal,
      onSubscribed,
    });
    await subscribed;
    // Written after the replay read the database: only the live path (the bus) can deliver it.
    const third = await addOrder("1003");
    // The bus calls its listeners inline and writeBoard publishes before it resolves, so a live
    // stream has queued the change by now. Closing it first makes a missing change fail the
    // assertion below at once (the messages end after the replay) rather than hang the read.
    controller.abort();
    const messages = await readMessages(stream, 2);

    expect(messages.map((message) => message.id)).toEqual([String(second.seq), String(third.seq)]);
    expect(messages.every((message) => message.event === "order")).toBe(true);
    expect(JSON.parse(messages[1]!.data!)).toMatchObject({ id: third.id, displayId: "1003", column: "new" });
  });

  it("gives a client that went away every change it missed when it comes back with its last id", async () => {
    const seen = await addOrder("3000");
    const away = new AbortController();
    const stream = createBoardStream({ db: database.db, bus, after: seen.seq - 1, signal: away.signal });
    const [last] = await readMessages(stream, 1);
    away.abort();
    // While the tablet is away (its Wi-Fi dropped for half a minute), the board moves on.
    const missed = [];
    for (const displayId of ["3001", "3002", "3003", "3004", "3005"]) missed.push(await addOrder(displayId));

    const back = new AbortController();
    const resumed = createBoardStream({ db: database.db, bus, after: Number(last?.id), signal: back.signal });
    const messages = await readMessages(resumed, 5);
    back.abort();
    expect(messages.map((message) => message.id)).toEqual(missed.map((order) => String(order.seq)));
  });

  it("tells a client too far behind to reload the snapshot, and replays only the newest changes", async () => {
    const start = await addOrder("4000");
    const missed = [];
    for (const displayId of ["4001", "4002", "4003", "4004"]) missed.push(await addOrder(displayId));
    const controller = new AbortController();
    const stream = createBoardStream({
      db: database.db,
      bus,
      after: start.seq - 1,
      signal: controller.signal,
      replayLimit: 3,
    });
    const messages = await readMessages(stream, 4);
    controller.abort();
    expect(messages[0]).toEqual({ event: "resync", data: "{}" });
    expect(messages.slice(1).map((message) => message.id)).toEqual(missed.slice(-3).map((order) => String(order.seq)));
  });

  it("sends only the stores the viewer may see", async () => {
    const start = await addOrder("2000");
    await addOrder("2001", "store-b");
    const visible = await addOrder("2002", "store-a");
    const controller = new AbortController();
    const stream = createBoardStream({
      db: database.db,
      bus,
      after: start.seq,
      storeIds: ["store-a"],
      signal: controller.signal,
    });
    const [message] = await readMessages(stream, 1);
    controller.abort();
    expect(message?.id).toBe(String(visible.seq));
  });

  it("sends the viewer's stores' status without an id, and lets go of the status source when the client goes", async () => {
    const listeners = new Set<(message: StatusMessage) => void>();
    const status = {
      subscribe(listener: (message: StatusMessage) => void) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    };
    const store = (id: string) => ({
      id,
      name: id,
      intervalSeconds: 2,
      lastContactAgeSeconds: 1,
      consecutiveFailures: 0,
      down: id === "store-b",
    });
    const controller = new AbortController();
    const { onSubscribed, subscribed } = subscription();
    const stream = createBoardStream({
      db: database.db,
      bus,
      after: Number.MAX_SAFE_INTEGER - 1,
      storeIds: ["store-b"],
      signal: controller.signal,
      status,
      onSubscribed,
    });
    const reading = readMessages(stream, 1);
    await subscribed;
    expect(listeners.size).toBe(1);
    const channel = (id: string, storeId: string) => ({
      id,
      storeId,
      label: `Canal ${id}`,
      color: "#2563eb",
      platform: "Plataforma",
      down: false,
    });
    for (const listener of listeners)
      listener({
        everySeconds: 5,
        database: "up",
        stores: [store("store-a"), store("store-b")],
        channels: [channel("a-1", "store-a"), channel("b-1", "store-b"), channel("b-2", "store-b")],
      });
    const [message] = await reading;
    controller.abort();

    expect(message?.event).toBe("status");
    expect(message?.id).toBeUndefined();
    // Another restaurant's channels (their labels, their platforms) never reach this board.
    expect(JSON.parse(message!.data!)).toEqual({
      everySeconds: 5,
      database: "up",
      stores: [store("store-b")],
      channels: [channel("b-1", "store-b"), channel("b-2", "store-b")],
    });
    expect(listeners.size).toBe(0);
  });

  it("releases its listener when the client goes: 1,000 streams opened and closed leave none", async () => {
    const before = bus.listenerCount();
    const controllers = Array.from({ length: 1000 }, () => new AbortController());
    const streams = controllers.map((controller) =>
      createBoardStream({ db: database.db, bus, after: Number.MAX_SAFE_INTEGER - 1, signal: controller.signal }),
    );
    // Start every stream (its first chunk is the retry/comment preamble).
    const readers = streams.map((stream) => stream.getReader());
    await Promise.all(readers.map((reader) => reader.read()));
    expect(bus.listenerCount()).toBe(before + 1000);
    // Half leave by disconnecting, half by the consumer cancelling.
    controllers.slice(0, 500).forEach((controller) => controller.abort());
    await Promise.all(readers.slice(500).map((reader) => reader.cancel()));
    expect(bus.listenerCount()).toBe(before);
  });
});
