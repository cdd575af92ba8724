/**
 * Runs in the page (Playwright serialises it, so it is self-contained): from the input event that
 * starts an action to the frame that paints the table's new rows.
 *
 * Start: the `timeStamp` of the first `click` (or `keydown` of Enter) after arming, captured on the
 * document before the app sees it; it is on the same clock as `performance.now()`.
 * Rows changed: the first DOM change after which the table (found by its accessible name) is not
 * `aria-busy` (the list dims and marks the previous page busy while a new one loads) and its body
 * reads differently from before, or it went busy and came back (a new answer that happens to read
 * the same).
 * Painted: the next animation frame, then a task after it, by which time that frame is painted.
 */
export interface PaintTiming {
  /** Input event to the rows in the DOM, ms. */
  toRows: number;
  /** Input event to the frame that shows them, ms. */
  toPaint: number;
}

export interface PaintTimerArgs {
  table: string;
  event: 'click' | 'keydown';
  /**
   * Instead of a table: the element whose text is watched (the command palette's merchants group,
   * which carries `aria-busy` while its search runs), and any key starts the timer, not only Enter
   * (the palette searches as the person types).
   */
  results?: string;
}

export function armPaintTimer({ table, event, results }: PaintTimerArgs): void {
  const find = () => document.querySelector(results ?? `table[aria-label="${CSS.escape(table)}"]`);
  const bodyText = () => (results ? find()?.textContent : find()?.querySelector('tbody')?.textContent) ?? '';
  const baseline = bodyText();
  let startedAt: number | undefined;
  let sawBusy = false;
  const onInput = (e: Event) => {
    if (e instanceof KeyboardEvent && e.key !== 'Enter' && !results) return;
    startedAt ??= e.timeStamp;
  };
  document.addEventListener(event, onInput, { capture: true });
  const holder = window as unknown as { __paintTimer?: Promise<PaintTiming> };
  holder.__paintTimer = new Promise<PaintTiming>((resolve) => {
    const observer = new MutationObserver(() => {
      if (startedAt === undefined) return;
      const shown = find();
      if (!shown) return;
      if (shown.getAttribute('aria-busy') === 'true') {
        sawBusy = true;
        return;
      }
      if (!sawBusy && bodyText() === baseline) return;
      const start = startedAt;
      const changedAt = performance.now();
      observer.disconnect();
      document.removeEventListener(event, onInput, { capture: true });
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () =>
          resolve({ toRows: changedAt - start, toPaint: performance.now() - start });
        channel.port2.postMessage(null);
      });
    });
    observer.observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
      attributeFilter: ['aria-busy'],
    });
  });
}

/** Resolves with the armed timer's result (in the page). */
export function paintTimerResult(): Promise<PaintTiming> {
  const holder = window as unknown as { __paintTimer?: Promise<PaintTiming> };
  if (!holder.__paintTimer) throw new Error('the paint timer was not armed');
  return holder.__paintTimer;
}
