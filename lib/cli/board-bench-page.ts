/**
 * Instrumentation the board bench injects into the page (addInitScript), so the board's own code
 * carries no measuring hooks. Plain browser JavaScript: it runs before any of the page's scripts.
 *
 * - `__benchRendered`: when `expected` cards are first in the DOM, and the next frame after that.
 * - `__benchUpdates`: for each SSE "order" message, from the message's arrival to the DOM change
 *   it caused (React Query notifies in a later task, React then commits) and to the next frame.
 */
export function instrumentBoard(expected: number): void {
  type Timing = { dom: number; frame: number };
  const w = window as unknown as { __benchRendered?: Timing; __benchUpdates: Array<{ start: number } & Partial<Timing>> };
  w.__benchUpdates = [];
  const afterNextFrame = (done: (at: number) => void) =>
    requestAnimationFrame(() => setTimeout(() => done(performance.now()), 0));

  const watchRender = () => {
    const count = document.querySelectorAll("main article").length;
    if (count >= expected) {
      const dom = performance.now();
      afterNextFrame((frame) => (w.__benchRendered = { dom, frame }));
      return;
    }
    requestAnimationFrame(watchRender);
  };
  requestAnimationFrame(watchRender);

  let current: ({ start: number } & Partial<Timing>) | null = null;
  new MutationObserver(() => {
    const update = current;
    if (!update || update.dom !== undefined) return;
    update.dom = performance.now();
    current = null;
    afterNextFrame((frame) => (update.frame = frame));
  }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });

  // Wraps the board's "order" listener: the clock starts when the message is delivered.
  const original = EventSource.prototype.addEventListener;
  EventSource.prototype.addEventListener = function (this: EventSource, type: string, listener: unknown, options?: boolean | AddEventListenerOptions) {
    if (type !== "order" || typeof listener !== "function") {
      return original.call(this, type, listener as EventListener, options);
    }
    const wrapped = (event: Event) => {
      current = { start: performance.now() };
      w.__benchUpdates.push(current);
      (listener as (event: Event) => void).call(this, event);
    };
    return original.call(this, type, wrapped, options);
  } as typeof original;
}
