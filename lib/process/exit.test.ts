import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase, type TestDatabase } from "@/e2e/support/database";
import { InProcessBus } from "@/lib/realtime/bus";
import { createBoardStream } from "@/lib/realtime/board-stream";
import { onShutdown, shutdown, shutdownSignal, shuttingDown, tracked } from "./exit";

// A graceful shutdown: streams end with a short retry hint at once, the hooks (letting leases go)
// run, and the requests in flight are answered before shutdown() resolves.

describe("graceful shutdown", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase("pglite");
  });
  afterAll(async () => database?.destroy());

  it("ends board streams with a retry hint, runs its hooks, then waits for requests in flight", async () => {
    const stream = createBoardStream({
      db: database.db,
      bus: new InProcessBus(),
      after: 0,
      signal: new AbortController().signal,
      shutdown: shutdownSignal(),
    });
    const reader = stream.getReader();
    const decoder = new TextDecoder();
    let text = "";
    const readAll = (async () => {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        text += decoder.decode(value);
      }
    })();
    // The stream is open (connected) before the shutdown.
    await expect.poll(() => text).toContain(": connected");

    const order: string[] = [];
    onShutdown(async () => {
      order.push("leases let go");
    });
    let finishRequest = () => {};
    const request = tracked(
      () =>
        new Promise<void>((resolve) => {
          finishRequest = () => {
            order.push("request answered");
            resolve();
          };
        }),
    );
    let done = false;
    // The grace period runs on a fake clock: the test moves it instead of waiting it out.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      const leaving = shutdown(5_000).then(() => (done = true));

      expect(shuttingDown()).toBe(true);
      await readAll;
      expect(text).toMatch(/retry: 500\n: instance shutting down\n\n$/);
      await expect.poll(() => order).toEqual(["leases let go"]);
      // All but the last millisecond of the grace period: still waiting for the request.
      await vi.advanceTimersByTimeAsync(4_999);
      expect(done).toBe(false);
      finishRequest();
      await request;
      await leaving;
      expect(order).toEqual(["leases let go", "request answered"]);
    } finally {
      vi.useRealTimers();
    }
  });
});
