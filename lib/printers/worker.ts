import "server-only";
import { getDb, type Database } from "@/lib/db";
import type { PaperWidth, PrinterCodePage } from "@/lib/contract/printers";
import ptBR from "@/lib/i18n/messages/pt-BR.json";
import { log } from "@/lib/log";
import { processSingleton } from "@/lib/process/singleton";
import { columnsFor, encodeTicket } from "./encode";
import { claimDueJobs, enqueueFiredJobs, markFailed, markPrinted, type DueJob } from "./jobs";
import { sendToPrinter, type SendToPrinter } from "./send";
import { ticketLines, type TicketLabels } from "./ticket-text";

/** Connect, write and close within this: a printer that is off fails fast and is retried. */
export const SEND_TIMEOUT_MS = 3_000;
/** Retries while a printer is off: 1, 2, 4, 5, 5… s — a printer back on prints within 5 s. */
export function retryDelayMs(attempts: number): number {
  return Math.min(1_000 * 2 ** Math.max(0, attempts), 5_000);
}
/** How often the loop looks for due jobs when nothing woke it (a retry's time, another instance's job). */
const TICK_MS = 1_000;
/** A claim lasts longer than one send can (a crashed sender's claim runs out, the job is sent again). */
const CLAIM_MS = 30_000;
const BATCH = 50;
/**
 * How often a pass looks for held lines whose fire time came (hold and fire): fire times are in
 * whole minutes, so a few seconds late is on time, and the orders in preparation are not read
 * every second.
 */
export const FIRE_EVERY_MS = 5_000;

/** The printed ticket's words: the kitchen's language, pt-BR (a per-store language is future work). */
export const TICKET_LABELS: TicketLabels = ptBR.printerTicket;

export interface PrintWorkerOptions {
  db: Database;
  send?: SendToPrinter;
  now?: () => Date;
  timeoutMs?: number;
}

/**
 * Sends queued kitchen tickets to their printers, and queues a station's held lines when they fire
 * (hold and fire). Never in an order's path: a confirm only writes its jobs and wakes the worker. Each printer's jobs go in order, one at a time; printers are sent
 * to side by side, so a dead one never delays another. A failure retries the printer's jobs after
 * retryDelayMs; a success marks the job printed, which clears the board's alarm.
 */
export class PrintWorker {
  private readonly send: SendToPrinter;
  private readonly now: () => Date;
  private readonly timeoutMs: number;
  private running: Promise<void> | null = null;
  private again = false;
  private timer: ReturnType<typeof setInterval> | undefined;
  private firedAt = -Infinity;

  constructor(private readonly options: PrintWorkerOptions) {
    this.send = options.send ?? sendToPrinter;
    this.now = options.now ?? (() => new Date());
    this.timeoutMs = options.timeoutMs ?? SEND_TIMEOUT_MS;
  }

  /** One pass: every job due now is sent once. Passes never overlap; a wake during one runs another. */
  runOnce(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.pass().finally(() => {
      this.running = null;
      if (this.again) {
        this.again = false;
        void this.runOnce();
      }
    });
    return this.running;
  }

  /** New jobs were written (a confirm committed): look now rather than at the next tick. */
  wake(): void {
    void this.runOnce();
  }

  start(): void {
    this.timer ??= setInterval(() => void this.runOnce(), TICK_MS);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  private async pass(): Promise<void> {
    const now = this.now();
    if (now.getTime() - this.firedAt >= FIRE_EVERY_MS) {
      this.firedAt = now.getTime();
      // Held lines that fired become jobs, sent in this same pass. A failure here never stops
      // the confirm's tickets from going out.
      await enqueueFiredJobs(this.options.db, now).catch((error: unknown) =>
        log.error({ err: error }, "print worker could not queue fired lines"),
      );
    }
    try {
      const jobs = await claimDueJobs(this.options.db, now, new Date(now.getTime() + CLAIM_MS), BATCH);
      const byPrinter = new Map<number, DueJob[]>();
      for (const job of jobs) byPrinter.set(job.printer.id, [...(byPrinter.get(job.printer.id) ?? []), job]);
      await Promise.all([...byPrinter.values()].map((queue) => this.sendQueue(queue)));
    } catch (error) {
      log.error({ err: error }, "print worker pass failed");
    }
  }

  private async sendQueue(queue: readonly DueJob[]): Promise<void> {
    const { db } = this.options;
    for (const [index, job] of queue.entries()) {
      const { printer } = job;
      try {
        if (!printer.enabled) throw new Error("printer disabled");
        const paper = printer.paperWidth as PaperWidth;
        const lines = ticketLines(job.ticket, columnsFor(paper), TICKET_LABELS);
        await this.send(printer, encodeTicket(lines, printer.codePage as PrinterCodePage, paper), this.timeoutMs);
        await markPrinted(db, job.id, this.now());
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        // The printer is down: its remaining tickets wait with this one (in order), not tried each.
        const retryAt = new Date(this.now().getTime() + retryDelayMs(job.attempts));
        for (const waiting of queue.slice(index)) await markFailed(db, waiting.id, reason, retryAt);
        log.warn(
          { printer: printer.id, host: printer.host, err: reason, attempts: job.attempts + 1 },
          "printer did not take a ticket",
        );
        return;
      }
    }
  }
}

// The process's running worker, if any: a confirm wakes it but never starts one (a test's or a
// script's confirm must not open the application's database behind its back).
const running = () => processSingleton("printWorker", () => ({ worker: null as PrintWorker | null }));

/** Makes `worker` the process's: confirms wake it, and its timer runs (lib/process/start.ts). */
export function registerPrintWorker(worker: PrintWorker): () => void {
  running().worker?.stop();
  running().worker = worker;
  worker.start();
  return () => {
    worker.stop();
    if (running().worker === worker) running().worker = null;
  };
}

export function startPrintWorker(): void {
  void getDb()
    .then((db) => registerPrintWorker(new PrintWorker({ db })))
    .catch((error: unknown) => log.error({ err: error }, "print worker not started"));
}

/** A confirm queued tickets: send them now. Never awaited by the confirm, never throws into it. */
export function wakePrintWorker(): void {
  running().worker?.wake();
}
