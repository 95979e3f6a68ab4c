/**
 * Instrumentation the board bench injects into the page (addInitScript), so the board's own code
 * carries no measuring hooks. Plain JavaScript source rather than a function: tsx's transpiled
 * functions reference helpers (__name) that do not exist in the page.
 *
 * - `__benchRendered`: when `expected` cards are first in the DOM, and when they are painted: the
 *   first paint when they were in the DOM before it (the page's HTML brought them), else the end
 *   of the next frame.
 * - `__benchHydrated`: when React owns every one of them (the server renders the cards into the
 *   page's HTML and React hydrates them afterwards: until then a tap waits for its card).
 * - `__benchUpdates`: for each SSE "order" message, from its delivery to the DOM change it caused
 *   (React Query notifies its subscribers, then React commits) and to the end of the frame that
 *   shows it.
 */
export function boardInstrumentation(expected: number): string {
  return `(() => {
  const expected = ${Number(expected)};
  window.__benchUpdates = [];
  const afterNextFrame = (done) => requestAnimationFrame(() => setTimeout(() => done(performance.now()), 0));

  // The first paint's time, once the browser has one.
  const firstPaint = new Promise((resolve) =>
    new PerformanceObserver((list, observer) => {
      const entry = list.getEntriesByName("first-contentful-paint")[0];
      if (entry) { observer.disconnect(); resolve(entry.startTime); }
    }).observe({ type: "paint", buffered: true }),
  );
  const watchRender = () => {
    if (document.querySelectorAll("main article").length < expected) return requestAnimationFrame(watchRender);
    const dom = performance.now();
    // The frame after this one paints them, unless they came before the first paint: then that
    // paint shows them (the frame after it would wait for the scripts, counting their time too).
    let next, paint;
    const settle = () => {
      if (paint === undefined) return;
      if (paint >= dom) window.__benchRendered = { dom, frame: paint, withFirstPaint: true };
      else if (next !== undefined) window.__benchRendered = { dom, frame: next, withFirstPaint: false };
    };
    afterNextFrame((frame) => { next = frame; settle(); });
    firstPaint.then((time) => { paint = time; settle(); });
  };
  requestAnimationFrame(watchRender);
  // React keeps its fiber on each element it has hydrated or rendered, under a "__reactFiber$…" key.
  const owned = (element) => Object.keys(element).some((key) => key.startsWith("__reactFiber"));
  const watchHydration = () => {
    const cards = document.querySelectorAll("main article");
    if (cards.length >= expected && [...cards].every(owned)) {
      window.__benchHydrated = performance.now();
      return;
    }
    setTimeout(watchHydration, 4);
  };
  watchHydration();

  let current = null;
  new MutationObserver(() => {
    const update = current;
    if (!update || update.dom !== undefined) return;
    update.dom = performance.now();
    current = null;
    // Marks for a trace (BOARD_BENCH_TRACE): where each update's time goes, between them.
    performance.mark("bench:dom");
  }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });

  // The frame that shows an update: the first whose animation callbacks run after its DOM change.
  // Its callback is asked for when the message arrives, so it runs before any the page asks for
  // while applying the change, and the task after it (the frame painted) is queued before the
  // page's own after-the-frame work (the out-of-view count, the ticket parts' check): asked for
  // after the DOM change, it also timed that work. Given up after two seconds without a change.
  const watchFrame = (update, frames = 120) =>
    requestAnimationFrame(() => {
      if (update.dom === undefined) return frames > 0 && watchFrame(update, frames - 1);
      setTimeout(() => { update.frame = performance.now(); performance.mark("bench:frame"); }, 0);
    });

  // Wraps the board's "order" listener: the clock starts when the message is delivered.
  const original = EventSource.prototype.addEventListener;
  EventSource.prototype.addEventListener = function (type, listener, options) {
    if (type !== "order" || typeof listener !== "function") return original.call(this, type, listener, options);
    return original.call(this, type, (event) => {
      current = { start: performance.now() };
      watchFrame(current);
      performance.mark("bench:message");
      window.__benchUpdates.push(current);
      listener.call(this, event);
    }, options);
  };
})();`;
}
