import { describe, expect, it } from "vitest";
import { databaseBefore } from "@/e2e/support/migrations";
import type { Database } from "@/lib/db";
import { channelPauseStates, pauseChannel } from "@/lib/merchant/channel-pause";
import { menuState } from "@/lib/merchant/controls";

// Migration 0023 adds channel_pauses (one channel paused on its own, issue 28). A restaurant of
// before it keeps its own pause as it was, its channels start open, and one can be paused alone.

describe("migration 0023 (channel pauses)", () => {
  // Every migration is run in PGlite, before and after 0023: slow on a busy machine.
  it("keeps a restaurant's pause, starts its channels open, and pauses one channel alone", async () => {
    const before = await databaseBefore(23);
    const { client } = before;
    await client.exec(`
      INSERT INTO stores (id, name) VALUES ('r1', 'Cantina'), ('r2', 'Outra');
      INSERT INTO channels (id, restaurant_id, kind, label, color)
        VALUES ('a1', 'r1', 'platform', 'Plataforma A', '#111111'), ('b1', 'r1', 'platform', 'Plataforma B', '#222222'),
               ('own1', 'r1', 'own', 'Balcão', '#333333'), ('a2', 'r2', 'platform', 'Plataforma A', '#111111');
      INSERT INTO merchant_controls (store_id, paused, pause_reason) VALUES ('r1', false, null), ('r2', true, 'gás');
    `);
    await before.migrateToEnd();
    const db = before.db as unknown as Database;

    expect((await menuState(db, "r2", "a2")).status).toBe("UNAVAILABLE");
    expect(await channelPauseStates(db, "r1")).toEqual([
      { id: "a1", label: "Plataforma A", paused: false, pausedUntil: null, pauseReason: null },
      { id: "b1", label: "Plataforma B", paused: false, pausedUntil: null, pauseReason: null },
    ]);
    const now = new Date("2026-11-28T12:00:00Z");
    await pauseChannel(db, "r1", "b1", { minutes: 30, reason: "motoboys", actor: "Rita" }, now);
    expect((await channelPauseStates(db, "r1")).find((channel) => channel.id === "b1")).toEqual({
      id: "b1",
      label: "Plataforma B",
      paused: true,
      pausedUntil: "2026-11-28T12:30:00.000Z",
      pauseReason: "motoboys",
    });
    expect((await menuState(db, "r1", "b1")).status).toBe("UNAVAILABLE");
    expect((await menuState(db, "r1", "a1")).status).toBe("AVAILABLE");
    expect((await menuState(db, "r1")).status).toBe("AVAILABLE");
    const queued = await client.query(`SELECT channel_id, body FROM merchant_updates ORDER BY id`);
    expect(queued.rows).toEqual([{ channel_id: "b1", body: { merchantStatus: "UNAVAILABLE" } }]);
    await before.close();
  }, 90_000);
});
