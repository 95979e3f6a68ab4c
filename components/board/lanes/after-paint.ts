/**
 * Runs `callback` once the next frame is painted: in a task after the frame's animation callbacks,
 * when the page is laid out, so reading its boxes costs no layout of its own, and the frame that
 * shows a change waits for none of it (in the frame's callback, such reads forced a layout before
 * the change could paint). Returns a cancel.
 */
export function afterPaint(callback: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(callback, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}
