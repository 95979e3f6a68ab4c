import "server-only";

export type SyncErrorKind = "poll" | "ack" | "details" | "internal";

export interface RecentError {
  at: string;
  kind: SyncErrorKind;
  /** Our own sentence (an HTTP status, a timeout): never a payload, a token or a secret. */
  message: string;
  orderId?: string;
}

/** How many errors a store keeps: enough to see a pattern, small enough to hold in memory. */
export const RECENT_ERRORS_KEPT = 20;

/**
 * The last few sync errors of one store, newest first, in memory. Kept beside the poller rather
 * than in the database: they describe this process's connection now (the last error also goes
 * to `stores.last_error`), a failing platform would otherwise mean a write per failed call, and
 * the log has the full history. It outlives a reconnect (the new poller takes it over).
 */
export class RecentErrors {
  private readonly items: RecentError[] = [];

  constructor(private readonly capacity = RECENT_ERRORS_KEPT) {}

  add(kind: SyncErrorKind, error: unknown, orderId?: string, at = new Date()): void {
    const message = error instanceof Error ? error.message : String(error);
    this.items.unshift({ at: at.toISOString(), kind, message: message.slice(0, 300), ...(orderId ? { orderId } : {}) });
    if (this.items.length > this.capacity) this.items.length = this.capacity;
  }

  list(): RecentError[] {
    return [...this.items];
  }
}
