import "server-only";
import { log } from "@/lib/log";
import type { BoardOrder } from "@/lib/contract/board";

/**
 * Carries board changes from whoever wrote them (poller, action) to every open stream. One
 * process alone: InProcessBus; instances sharing PostgreSQL: PostgresFanoutBus (./pg-fanout.ts).
 * The process's bus: getBus() in ./process-bus.ts.
 */
export interface ChangeBus {
  publish(change: BoardOrder): void;
  /** Returns the function that unsubscribes. */
  subscribe(listener: (change: BoardOrder) => void): () => void;
  listenerCount(): number;
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
}
