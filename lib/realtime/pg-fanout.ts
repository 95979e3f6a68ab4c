import "server-only";
import { and, asc, gt, lte } from "drizzle-orm";
import type { BoardOrder } from "@/lib/contract/board";
import type { Database } from "@/lib/db";
import { orders } from "@/lib/db/schema";
import { log } from "@/lib/log";
import { withTimeout } from "@/lib/time/with-timeout";
import { BOARD_CHANNEL, safeBoardSeq } from "@/lib/db/board-writes";
import { InProcessBus, type ChangeBus } from "./bus";

/** Changes read per query while catching up. */
const CATCH_UP_BATCH = 500;
/** Pause before listening again after the connection was lost. */
const RECONNECT_MS = 1_000;
/**
 * The listening connection is asked for a `select 1` this often, and taken for dead when the answer
 * takes longer than PROBE_TIMEOUT_MS: a connection a NAT or firewall dropped silently stays open
 * and hears nothing, without an error or an end. A dead listener is found within about 5 s.
 */
export const HEARTBEAT_MS = 2_000;
export const PROBE_TIMEOUT_MS = 3_000;

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
 * own connection and, on each notification, reads the changes after the last one it delivered, in
 * sequence order up to the settled mark (safeBoardSeq), and hands them to its streams. The
 * notification is only a wake-up: a lost one, or a lost connection, is made good by the next read
 * (after reconnecting), so no change is skipped. This process's own writes (`localWrites`) wake it
 * too, without waiting for their notification to come back, and are read back the same way, which
 * keeps one order for all. A heartbeat finds a listener that went deaf and listens again; until it
 * does, `listening()` says so (the status feed tells the tablets).
 */
export class PostgresFanoutBus implements ChangeBus {
  private readonly local = new InProcessBus();
  private lastSeq: number | null = null;
  private reading: Promise<void> | null = null;
  private again = false;
  /** A read failed (the database away): the next heartbeat that gets an answer reads again. */
  private behind = false;
  private client: ListenClient | null = null;
  private live = false;
  private stopped = false;
  private unsubscribeLocal: (() => void) | null = null;
  private heartbeat: ReturnType<typeof setInterval> | undefined;
  private probing = false;

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
    this.heartbeat ??= setInterval(() => void this.probe(), HEARTBEAT_MS);
    this.heartbeat.unref();
    await this.listen();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.heartbeat);
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

  /** Whether other instances' changes reach this one now: listening, and the last read worked. */
  listening(): boolean {
    return this.live && !this.behind;
  }

  private async listen(): Promise<void> {
    const client = this.connect();
    this.client = client;
    client.on("notification", () => this.catchUp());
    client.on("error", (error) => this.lose(client, error));
    client.on("end", () => this.lose(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${BOARD_CHANNEL}`);
    } catch (error) {
      this.lose(client, error as Error);
      throw error;
    }
    if (this.client !== client) return;
    this.live = true;
    // Whatever was written while not listening.
    this.catchUp();
  }

  /** Gives up on a listening connection and listens again on a new one (once per connection). */
  private lose(client: ListenClient, error?: Error): void {
    if (this.client !== client || this.stopped) return;
    this.client = null;
    this.live = false;
    log.warn({ err: error }, "board notifications: connection lost; listening again");
    // A deaf connection may never answer its end either; its socket closes itself when silent.
    void client.end().catch(() => undefined);
    setTimeout(() => void this.listen().catch(() => undefined), RECONNECT_MS).unref();
  }

  /** The heartbeat: the listener must answer a query in time, or it is replaced. */
  private async probe(): Promise<void> {
    const client = this.client;
    if (!client || !this.live || this.probing || this.stopped) return;
    this.probing = true;
    try {
      await withTimeout(
        client.query("select 1"),
        PROBE_TIMEOUT_MS,
        () => `the listening connection did not answer in ${PROBE_TIMEOUT_MS} ms`,
      );
      if (this.behind) this.catchUp();
    } catch (error) {
      this.lose(client, error as Error);
    } finally {
      this.probing = false;
    }
  }

  /** Reads and delivers the changes after the last one delivered; one read at a time. */
  private catchUp(): void {
    if (this.stopped) return;
    if (this.reading) {
      this.again = true;
      return;
    }
    this.reading = this.readAll()
      .then(() => {
        this.behind = false;
      })
      .catch((error: unknown) => {
        this.behind = true;
        log.error({ err: error }, "board notifications: reading changes failed");
      })
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
