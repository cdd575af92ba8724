/**
 * Runs `work` in a task after the next frame is painted, and returns what cancels it. React runs
 * the effects of a render caused by a click before the browser paints, so work started there (a
 * neighbour's prefetch) delays the frame that shows the click's result; from here it does not.
 */
export function afterNextPaint(work: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  // A frame callback runs just before the paint; a task queued from it runs after the paint.
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(work, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    if (timer !== undefined) clearTimeout(timer);
  };
}
