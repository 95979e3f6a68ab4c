import { performance } from "node:perf_hooks";

/** Many SSE clients on one URL, for benchmarks: each notes when its next message arrives. */
export interface SseClients {
  /** Resolves with each client's arrival time of its next message. */
  nextMessageEverywhere(): Promise<number[]>;
  close(): void;
}

export async function openSseClients(url: string, count: number): Promise<SseClients> {
  const controller = new AbortController();
  const waiters: Array<((at: number) => void) | undefined> = new Array(count).fill(undefined);
  await Promise.all(
    Array.from({ length: count }, async (_, index) => {
      const response = await fetch(url, { signal: controller.signal });
      const reader = response.body!.getReader();
      const decoder = new TextDecoder();
      // Wait for the preamble, so the client is subscribed before measuring starts.
      await reader.read();
      void (async () => {
        let buffer = "";
        for (;;) {
          const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
          if (done) return;
          buffer += decoder.decode(value, { stream: true });
          while (buffer.includes("\n\n")) {
            const block = buffer.slice(0, buffer.indexOf("\n\n"));
            buffer = buffer.slice(buffer.indexOf("\n\n") + 2);
            // Order changes only: status messages (every few seconds) are not what is measured.
            if (block.includes("event: order")) {
              const resolve = waiters[index];
              waiters[index] = undefined;
              resolve?.(performance.now());
            }
          }
        }
      })();
    }),
  );
  return {
    nextMessageEverywhere: () =>
      Promise.all(waiters.map((_, index) => new Promise<number>((resolve) => (waiters[index] = resolve)))),
    close: () => controller.abort(),
  };
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
