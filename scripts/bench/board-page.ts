/**
 * Instrumentation the board bench injects into the page (addInitScript), so the board's own code
 * carries no measuring hooks. Plain JavaScript source rather than a function: tsx's transpiled
 * functions reference helpers (__name) that do not exist in the page.
 *
 * - `__benchRendered`: when `expected` cards are first in the DOM, and the next frame after that.
 * - `__benchUpdates`: for each SSE "order" message, from its delivery to the DOM change it caused
 *   (React Query notifies in a later task, then React commits) and to the next frame.
 */
export function boardInstrumentation(expected: number): string {
  return `(() => {
  const expected = ${Number(expected)};
  window.__benchUpdates = [];
  const afterNextFrame = (done) => requestAnimationFrame(() => setTimeout(() => done(performance.now()), 0));

  const watchRender = () => {
    if (document.querySelectorAll("main article").length >= expected) {
      const dom = performance.now();
      afterNextFrame((frame) => { window.__benchRendered = { dom, frame }; });
      return;
    }
    requestAnimationFrame(watchRender);
  };
  requestAnimationFrame(watchRender);

  let current = null;
  new MutationObserver(() => {
    const update = current;
    if (!update || update.dom !== undefined) return;
    update.dom = performance.now();
    current = null;
    afterNextFrame((frame) => { update.frame = frame; });
  }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });

  // Wraps the board's "order" listener: the clock starts when the message is delivered.
  const original = EventSource.prototype.addEventListener;
  EventSource.prototype.addEventListener = function (type, listener, options) {
    if (type !== "order" || typeof listener !== "function") return original.call(this, type, listener, options);
    return original.call(this, type, (event) => {
      current = { start: performance.now() };
      window.__benchUpdates.push(current);
      listener.call(this, event);
    }, options);
  };
})();`;
}
