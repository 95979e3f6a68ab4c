import "server-only";
import { Client } from "pg";
import { getDb } from "@/lib/db";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { processSingleton } from "@/lib/process/singleton";
import { InProcessBus, type ChangeBus } from "./bus";
import { PostgresFanoutBus } from "./pg-fanout";

/**
 * This process's change bus, shared across Next.js module graphs (instrumentation and route
 * handlers). On PostgreSQL several instances may share the database, so changes travel through
 * LISTEN/NOTIFY and every instance's streams see every change; embedded PGlite is one process,
 * where the in-process bus is the whole story.
 */
export function getBus(): ChangeBus {
  return processSingleton<ChangeBus>("bus", () => {
    const url = env.DATABASE_URL;
    if (!url) return new InProcessBus();
    const bus = new PostgresFanoutBus(getDb, () => new Client({ connectionString: url }));
    void bus.start().catch((error: unknown) => log.error({ err: error }, "board notifications could not start"));
    return bus;
  });
}
