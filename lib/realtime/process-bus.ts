import "server-only";
import { Client } from "pg";
import { getDb, type Database } from "@/lib/db";
import { postgresConnection } from "@/lib/db/client";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { processSingleton } from "@/lib/process/singleton";
import { boardWrites, type ChangeBus } from "./bus";
import { PostgresFanoutBus } from "./pg-fanout";

/**
 * This process's change bus for board streams, shared across Next.js module graphs
 * (instrumentation and route handlers). Embedded PGlite is one process: the process's own board
 * writes are the whole story. On PostgreSQL several instances may share the database, so changes
 * travel through LISTEN/NOTIFY and every instance's streams see every change.
 */
export function getBus(): ChangeBus {
  return processSingleton<ChangeBus>("bus", () => {
    const url = env.DATABASE_URL;
    if (!url) return boardWrites();
    const bus = postgresFanout(getDb, url);
    void bus.start().catch((error: unknown) => log.error({ err: error }, "board notifications could not start"));
    return bus;
  });
}

/** An instance's fan-out on PostgreSQL: its own listening connection, woken by its own writes too. */
export function postgresFanout(database: () => Promise<Database>, url: string): PostgresFanoutBus {
  return new PostgresFanoutBus(database, () => new Client(postgresConnection(url)), boardWrites());
}
