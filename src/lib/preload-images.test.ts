import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  clearKeptImages,
  imageReady,
  KEPT,
  keptImages,
  noteImageShown,
  preloadImages,
} from './preload-images';

// Kept images are module state: another test file run in the same worker may have left some.
beforeEach(() => clearKeptImages());

afterEach(() => {
  clearKeptImages();
  vi.unstubAllGlobals();
});

/** Holds the idle callbacks until `idle()` runs them, as a busy page would. */
function stubIdle() {
  const waiting: Array<() => void> = [];
  vi.stubGlobal('requestIdleCallback', (work: () => void) => {
    waiting.push(work);
    return waiting.length;
  });
  return () => {
    for (const work of waiting.splice(0)) work();
  };
}

describe('preloadImages', () => {
  it('loads each address once when the page is idle, skipping missing ones, and keeps the image', () => {
    const idle = stubIdle();
    const created: string[] = [];
    const original = window.Image;
    window.Image = class extends original {
      override set src(value: string) {
        created.push(value);
        super.src = value;
      }
      override get src() {
        return super.src;
      }
    } as typeof Image;
    try {
      preloadImages(['/a.svg', null, '', undefined, '/b.svg']);
      // Nothing before the page is idle: the page on screen paints first (decision 061).
      expect(created).toEqual([]);
      idle();
      preloadImages(['/a.svg']);
      idle();
    } finally {
      window.Image = original;
    }
    expect(created).toEqual(['/a.svg', '/b.svg']);
    // '/a.svg' was wanted again: it is now the newest kept.
    expect(keptImages()).toEqual(['/b.svg', '/a.svg']);
  });

  it(`keeps the ${KEPT} most recent, dropping the oldest first`, () => {
    const idle = stubIdle();
    preloadImages(Array.from({ length: KEPT + 2 }, (_, i) => `/logo-${i}.svg`));
    idle();
    const kept = keptImages();
    expect(kept).toHaveLength(KEPT);
    expect(kept[0]).toBe('/logo-2.svg');
    expect(kept.at(-1)).toBe(`/logo-${KEPT + 1}.svg`);
  });
});

describe('imageReady', () => {
  it('is true for a preloaded image once loaded, or an address shown loaded, and false otherwise', () => {
    const idle = stubIdle();
    preloadImages(['/a.svg', '/b.svg']);
    idle();
    expect(imageReady('/a.svg')).toBe(false);
    const complete = vi.spyOn(HTMLImageElement.prototype, 'complete', 'get').mockReturnValue(true);
    const width = vi.spyOn(HTMLImageElement.prototype, 'naturalWidth', 'get').mockReturnValue(36);
    expect(imageReady('/a.svg')).toBe(true);
    // Complete but broken: not ready (the row would draw an image that then fails).
    width.mockReturnValue(0);
    expect(imageReady('/b.svg')).toBe(false);
    complete.mockRestore();
    width.mockRestore();
    expect(imageReady('/c.svg')).toBe(false);
    noteImageShown('/c.svg');
    expect(imageReady('/c.svg')).toBe(true);
    clearKeptImages();
    expect(imageReady('/c.svg')).toBe(false);
  });
});
