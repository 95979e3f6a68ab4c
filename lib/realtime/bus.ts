import "server-only";
import { log } from "@/lib/log";
import type { BoardOrder } from "@/lib/contract/board";
import { processSingleton } from "@/lib/process/singleton";

/**
 * What a board stream listens to: every change of the board, in sequence order. One process
 * alone: the process's board writes themselves (boardWrites); instances sharing PostgreSQL:
 * PostgresFanoutBus (./pg-fanout.ts), which reads every instance's changes back from the database.
 * The process's bus for streams: getBus() in ./process-bus.ts.
 */
export interface ChangeBus {
  /** Returns the function that unsubscribes. */
  subscribe(listener: (change: BoardOrder) => void): () => void;
  listenerCount(): number;
  /**
   * Whether every change of the database reaches this bus now. Always, for a process's own writes;
   * the PostgreSQL fan-out says no while its listening connection is lost or a read failed.
   */
  listening(): boolean;
}

export class InProcessBus implements ChangeBus {
  private readonly listeners = new Set<(change: BoardOrder) => void>();

  publish(change: BoardOrder): void {
    for (const listener of this.listeners) {
      try {
        listener(change);
      } catch (error) {
        // One broken stream must not keep the change from the others.
        log.error({ err: error }, "board change listener failed");
      }
    }
  }

  subscribe(listener: (change: BoardOrder) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  listenerCount(): number {
    return this.listeners.size;
  }

  listening(): boolean {
    return true;
  }
}

/**
 * Every board write this process committed, announced by lib/db's writeBoard after its commit, in
 * commit order. Nothing else publishes here: pollers, webhooks, actions, item marks and settings
 * write the board and the write announces itself. Shared by Next.js's module graphs.
 */
export function boardWrites(): InProcessBus {
  return processSingleton("boardWrites.announced", () => new InProcessBus());
}
