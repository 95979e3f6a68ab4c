/** A request body that never ends, counting the bytes pulled from it (body-limit tests). */
export function endlessBody(chunkBytes = 64 * 1024): { body: ReadableStream<Uint8Array>; pulled: () => number } {
  let pulled = 0;
  const chunk = new Uint8Array(chunkBytes).fill(0x61);
  const body = new ReadableStream<Uint8Array>({
    // Yields to the event loop between chunks, so a reader that never stops fails by time-out.
    async pull(controller) {
      await new Promise((resolve) => setImmediate(resolve));
      pulled += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
  return { body, pulled: () => pulled };
}
