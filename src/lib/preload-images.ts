/**
 * Images a prefetched page will show, loaded before it is shown (decision 061). A list's next page
 * comes from React Query's cache, but its `<img>` elements asked for their files only once the
 * rows were in the DOM: each logo arrived a few milliseconds after the rows' frame and was then
 * parsed (an SVG is a document of its own) in tasks of its own, and the logos appeared a frame or
 * more after the rows. Loaded here first, the browser's memory cache holds each image ready, so
 * the rows' `<img>` elements find them at once and the logos paint with the rows.
 *
 * The loaded images are kept (the most recent {@link KEPT}), because a cached image the page no
 * longer references may be dropped before the page that shows it is opened.
 */

/** Enough for the pages either side of a 100-row page and the page shown. */
export const KEPT = 300;

const kept = new Map<string, HTMLImageElement>();

/**
 * Runs `work` when the page is idle: a neighbour's images are parsed on the main thread as they
 * arrive, and must not land between the page on screen's new rows and their frame (a new search
 * shows its rows while its neighbour is prefetched). Where the browser has no idle callback, a task.
 */
function whenIdle(work: () => void): void {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(work, { timeout: 1000 });
  else setTimeout(work, 0);
}

/**
 * Starts loading each address not loaded yet (empty and missing ones are skipped), once the page is
 * idle.
 */
export function preloadImages(sources: Iterable<string | null | undefined>): void {
  const wanted = [...sources];
  whenIdle(() => load(wanted));
}

function load(sources: Array<string | null | undefined>): void {
  for (const src of sources) {
    if (!src) continue;
    const image = kept.get(src);
    if (image) {
      // Still wanted: it moves to the newest end, so it is the last to go.
      kept.delete(src);
      kept.set(src, image);
      continue;
    }
    const next = new Image();
    next.src = src;
    kept.set(src, next);
    if (kept.size > KEPT) {
      const oldest = kept.keys().next().value;
      if (oldest !== undefined) kept.delete(oldest);
    }
  }
}

/** Addresses an `<img>` of the page has shown loaded (bounded: forgetting one costs a frame). */
const shown = new Set<string>();
const SHOWN_MAX = 1000;

/** Notes that an `<img>` finished loading `src`, so the browser's memory cache holds it. */
export function noteImageShown(src: string): void {
  if (shown.size >= SHOWN_MAX) shown.clear();
  shown.add(src);
}

/**
 * Whether `src` is ready to paint at once: preloaded here and complete, or shown loaded before.
 * A list draws such an image with its rows; any other waits past the rows' frame (CellAvatar).
 */
export function imageReady(src: string): boolean {
  const image = kept.get(src);
  return (image?.complete === true && image.naturalWidth > 0) || shown.has(src);
}

/** The addresses loaded and kept, oldest first (for tests). */
export function keptImages(): string[] {
  return [...kept.keys()];
}

/** Forgets every kept image (for tests). */
export function clearKeptImages(): void {
  kept.clear();
  shown.clear();
}
