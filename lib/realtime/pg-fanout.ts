import "server-only";
import { and, asc, gt, lte } from "drizzle-orm";
import type { BoardOrder } from "@/lib/contract/board";
import type { Database } from "@/lib/db";
import { orders } from "@/lib/db/schema";
import { log } from "@/lib/log";
import { BOARD_CHANNEL, safeBoardSeq } from "@/lib/db/board-writes";
import { InProcessBus, type ChangeBus } from "./bus";

/** Changes read per query while catching up. */
const CATCH_UP_BATCH = 500;
/** Pause before listening again after the connection was lost. */
const RECONNECT_MS = 1_000;

/** What the fan-out needs of a PostgreSQL connection (node-postgres' Client). */
export interface ListenClient {
  connect(): Promise<unknown>;
  query(text: string): Promise<unknown>;
  on(event: "notification", listener: () => void): unknown;
  on(event: "error", listener: (error: Error) => void): unknown;
  on(event: "end", listener: () => void): unknown;
  end(): Promise<void>;
}

/**
 * The change bus of an instance sharing PostgreSQL with others: every change, whichever instance
 * wrote it, reaches this instance's streams. Each board write notifies BOARD_CHANNEL in its
 * transaction (so the notification exists only if the write committed); this bus LISTENs on its
 * own connection and, on each notification, reads the changes after the last one it delivered,
 * in sequence order up to the settled mark (safeBoardSeq), and hands them to its streams. The notification is only a wake-up: a lost
 * one, or a lost connection, is made good by the next read (after reconnecting), so no change is
 * skipped. This process's own writes (`localWrites`) wake it too, without waiting for their
 * notification to come back, and are read back the same way, which keeps one order for all.
 */
export class PostgresFanoutBus implements ChangeBus {
  private readonly local = new InProcessBus();
  private lastSeq: number | null = null;
  private reading: Promise<void> | null = null;
  private again = false;
  private client: ListenClient | null = null;
  private stopped = false;
  private unsubscribeLocal: (() => void) | null = null;

  constructor(
    private readonly database: () => Promise<Database>,
    private readonly connect: () => ListenClient,
    private readonly localWrites?: Pick<ChangeBus, "subscribe">,
  ) {}

  /**
   * Starts listening; resolves once the first LISTEN is in place. Changes made before it are the
   * streams' replay (from the database), not this bus's.
   */
  async start(): Promise<void> {
    const db = await this.database();
    this.lastSeq ??= await safeBoardSeq(db);
    this.unsubscribeLocal ??= this.localWrites?.subscribe(() => this.catchUp()) ?? null;
    await this.listen();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.unsubscribeLocal?.();
    this.unsubscribeLocal = null;
    await this.client?.end().catch(() => undefined);
  }

  subscribe(listener: (change: BoardOrder) => void): () => void {
    return this.local.subscribe(listener);
  }

  listenerCount(): number {
    return this.local.listenerCount();
  }

  private async listen(): Promise<void> {
    const client = this.connect();
    this.client = client;
    client.on("notification", () => this.catchUp());
    const lost = (error?: Error) => {
      if (this.client !== client || this.stopped) return;
      this.client = null;
      log.warn({ err: error }, "board notifications: connection lost; listening again");
      void client.end().catch(() => undefined);
      setTimeout(() => void this.listen().catch(() => undefined), RECONNECT_MS);
    };
    client.on("error", lost);
    client.on("end", () => lost());
    try {
      await client.connect();
      await client.query(`LISTEN ${BOARD_CHANNEL}`);
    } catch (error) {
      lost(error as Error);
      throw error;
    }
    // Whatever was written while not listening.
    this.catchUp();
  }

  /** Reads and delivers the changes after the last one delivered; one read at a time. */
  private catchUp(): void {
    if (this.stopped) return;
    if (this.reading) {
      this.again = true;
      return;
    }
    this.reading = this.readAll()
      .catch((error: unknown) => log.error({ err: error }, "board notifications: reading changes failed"))
      .finally(() => {
        this.reading = null;
        if (this.again) {
          this.again = false;
          this.catchUp();
        }
      });
  }

  private async readAll(): Promise<void> {
    const db = await this.database();
    // Only settled changes: a lower number still committing in another store's transaction would
    // otherwise be skipped for good once lastSeq passed it. Its commit notifies again.
    const through = await safeBoardSeq(db);
    for (;;) {
      const after = this.lastSeq ?? 0;
      const rows = await db
        .select({ board: orders.board, seq: orders.seq })
        .from(orders)
        .where(and(gt(orders.seq, after), lte(orders.seq, through)))
        .orderBy(asc(orders.seq))
        .limit(CATCH_UP_BATCH);
      for (const row of rows) {
        this.lastSeq = row.seq;
        this.local.publish(row.board);
      }
      if (rows.length < CATCH_UP_BATCH) return;
    }
  }
}
