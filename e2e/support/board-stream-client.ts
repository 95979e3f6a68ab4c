import type { BoardOrder } from "@/lib/contract/board";

/**
 * A board's stream client as the browser's EventSource behaves: reads `order` messages, and when
 * the stream drops (its instance killed, restarted, cut off) reconnects with the last id it got,
 * again and again until closed. Notes every change it received, to check none is lost or doubled.
 */
export class BoardStreamClient {
  /** Every order change received, in arrival order. */
  readonly changes: BoardOrder[] = [];
  /** What each `status` message said of the database, and when it arrived (ms since the epoch). */
  readonly statuses: Array<{ at: number; database: "up" | "down" }> = [];
  /** When each order's first change arrived (ms since the epoch). */
  private readonly firstSeen = new Map<string, number>();
  reconnects = 0;
  private lastSeq = 0;
  private readonly controller = new AbortController();

  constructor(
    private readonly baseUrl: string,
    private readonly retryMs = 300,
  ) {
    void this.run();
  }

  /** When the order's first change arrived, if it has. */
  receivedAt(orderId: string): number | undefined {
    return this.firstSeen.get(orderId);
  }

  close(): void {
    this.controller.abort();
  }

  private async run(): Promise<void> {
    while (!this.controller.signal.aborted) {
      try {
        const response = await fetch(`${this.baseUrl}/stream?after=${this.lastSeq}`, {
          signal: this.controller.signal,
        });
        await this.read(response);
      } catch {
        // refused, reset or aborted: try again after the pause, as EventSource does
      }
      if (this.controller.signal.aborted) return;
      this.reconnects += 1;
      // not a sleep: EventSource's reconnection delay, part of the browser behaviour this client
      // reproduces (without it a dead instance would be asked again and again in a tight loop).
      await new Promise((resolve) => setTimeout(resolve, this.retryMs));
    }
  }

  private async read(response: Response): Promise<void> {
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = block.split("\n").find((line) => line.startsWith("data: "));
        if (block.includes("event: status")) {
          const { database } = JSON.parse(data!.slice("data: ".length)) as { database: "up" | "down" };
          this.statuses.push({ at: Date.now(), database });
        }
        if (!block.includes("event: order")) continue;
        const change = JSON.parse(data!.slice("data: ".length)) as BoardOrder;
        this.changes.push(change);
        if (!this.firstSeen.has(change.id)) this.firstSeen.set(change.id, Date.now());
        this.lastSeq = Math.max(this.lastSeq, change.seq);
      }
    }
  }
}
