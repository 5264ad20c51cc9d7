/**
 * Runs `work` after the browser has painted the next frame: for warming up what a view may need next (a client,
 * a chunk) without delaying the view itself. React runs the effects of an update made from a click before the
 * browser paints, so work started from such an effect would otherwise run ahead of the frame.
 *
 * @returns Cancels the work if it has not run yet (an effect's cleanup).
 *
 * @example
 * useEffect(() => afterNextPaint(() => portico.walletConnect.preload()), [portico]);
 */
export function afterNextPaint(work: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  // The frame's rAF callback runs just before its paint; a task queued from there runs after it.
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(work, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}
