import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "pg";
import { createEmptyPostgresDatabase } from "@/e2e/support/database";
import type { BoardOrder } from "@/lib/contract/board";
import { openDatabase, type DatabaseHandle } from "@/lib/db/client";
import { writeBoard } from "@/lib/db/board-writes";
import { reprojectOrder } from "@/lib/db/order-writes";
import { boardWrites } from "./bus";
import { HEARTBEAT_MS, PostgresFanoutBus, PROBE_TIMEOUT_MS, type ListenClient } from "./pg-fanout";

// Several instances on one PostgreSQL: a change written by one reaches the streams of every
// other through LISTEN/NOTIFY, in sequence order, and a lost listening connection loses nothing.
// Each "instance" here is its own pool and its own listening connection on the same database.

const postgres = !!process.env.TEST_DATABASE_URL;
if (!postgres) console.log("lib/realtime/pg-fanout.test.ts: cross-instance fan-out skipped (set TEST_DATABASE_URL)");

describe.skipIf(!postgres)("board changes fan out across instances on PostgreSQL", () => {
  let database: { url: string; drop: () => Promise<void> };
  let writer: DatabaseHandle;
  let reader: DatabaseHandle;
  let bus: PostgresFanoutBus;
  const received: BoardOrder[] = [];

  beforeAll(async () => {
    database = await createEmptyPostgresDatabase();
    writer = await openDatabase({ databaseUrl: database.url });
    reader = await openDatabase({ databaseUrl: database.url });
    bus = new PostgresFanoutBus(
      async () => reader.db,
      () => new Client({ connectionString: database.url, application_name: "fanout-test-listener" }),
    );
    await bus.start();
    bus.subscribe((change) => received.push(change));
  });

  afterAll(async () => {
    await bus?.stop();
    await Promise.all([writer?.close(), reader?.close()]);
    await database?.drop();
  });

  const write = (id: string, storeId: string) =>
    // This bus was not given the process's own writes (boardWrites) to wake on: as for another
    // instance's write, only the notification can carry it here.
    writeBoard(writer.db, (tx) =>
      reprojectOrder(tx, { id, storeId, summary: null, details: null, detailsError: "unreadable" }),
    );

  it("delivers another instance's changes in sequence order", async () => {
    const written = [await write("o-1", "store-a"), await write("o-2", "store-b"), await write("o-3", "store-a")];
    await expect.poll(() => received.map((change) => change.id), { timeout: 5_000 }).toEqual(["o-1", "o-2", "o-3"]);
    expect(received.map((change) => change.seq)).toEqual(written.map((change) => change.seq));
  });

  it("catches up on what was written while its connection was down", async () => {
    received.length = 0;
    const admin = new Client({ connectionString: database.url });
    await admin.connect();
    await admin.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'fanout-test-listener'",
    );
    await admin.end();
    await write("o-4", "store-a");
    await write("o-5", "store-b");
    await expect.poll(() => received.map((change) => change.id), { timeout: 10_000 }).toEqual(["o-4", "o-5"]);
  });

  it("hands this instance's own writes to its streams even when no notification comes back", async () => {
    // A listening connection that is up but hears nothing (a NAT that drops it silently): only
    // the process's own board writes can wake the bus.
    const deaf: ListenClient = {
      connect: async () => undefined,
      query: async () => undefined,
      on: () => undefined,
      end: async () => undefined,
    };
    const local = new PostgresFanoutBus(
      async () => reader.db,
      () => deaf,
      boardWrites(),
    );
    const heard: string[] = [];
    await local.start();
    local.subscribe((change) => heard.push(change.id));
    try {
      await write("o-6", "store-a");
      await expect.poll(() => heard, { timeout: 5_000 }).toEqual(["o-6"]);
    } finally {
      await local.stop();
    }
  });

  it("replaces a listening connection that stops answering, and says it is not listening meanwhile", async () => {
    // Up, then deaf: LISTEN works, then nothing more is ever answered (no error, no end).
    let connects = 0;
    const deafAfterListen = (): ListenClient => ({
      connect: async () => {
        connects += 1;
      },
      query: (text: string) => (text.startsWith("LISTEN") ? Promise.resolve() : new Promise(() => undefined)),
      on: () => undefined,
      end: async () => undefined,
    });
    const probed = new PostgresFanoutBus(async () => reader.db, deafAfterListen);
    await probed.start();
    try {
      expect(probed.listening()).toBe(true);
      // Found within a heartbeat and a probe's timeout (about 5 s), then listened to again.
      await expect.poll(() => probed.listening(), { timeout: HEARTBEAT_MS + PROBE_TIMEOUT_MS + 2_000 }).toBe(false);
      await expect.poll(() => connects, { timeout: 5_000 }).toBeGreaterThan(1);
    } finally {
      await probed.stop();
    }
  });
});
