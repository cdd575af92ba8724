import { afterEach, describe, expect, it } from 'vitest';
import { clearKeptImages, KEPT, keptImages, preloadImages } from './preload-images';

afterEach(() => clearKeptImages());

describe('preloadImages', () => {
  it('loads each address once, skipping missing ones, and keeps the image', () => {
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
      preloadImages(['/a.svg']);
    } finally {
      window.Image = original;
    }
    expect(created).toEqual(['/a.svg', '/b.svg']);
    // '/a.svg' was wanted again: it is now the newest kept.
    expect(keptImages()).toEqual(['/b.svg', '/a.svg']);
  });

  it(`keeps the ${KEPT} most recent, dropping the oldest first`, () => {
    preloadImages(Array.from({ length: KEPT + 2 }, (_, i) => `/logo-${i}.svg`));
    const kept = keptImages();
    expect(kept).toHaveLength(KEPT);
    expect(kept[0]).toBe('/logo-2.svg');
    expect(kept.at(-1)).toBe(`/logo-${KEPT + 1}.svg`);
  });
});
