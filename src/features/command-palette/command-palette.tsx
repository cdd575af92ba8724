import { useHotkeys } from '@mantine/hooks';
import { useSyncExternalStore } from 'react';
import { lazyPart, loadForUse } from '@/components/lazy-part';

/** Text fields too: Ctrl+K in a list's search box opens the palette (decision 049). */
const EVERY_TAG: string[] = [];

/**
 * The palette's dialog and Mantine's spotlight come on first use (decision 080): a console page
 * loads with only the key and the header's button, which load it and then open it. Only they load
 * it, so once it is here it has been asked for, and it stays mounted.
 */
const dialog = lazyPart(() => import('./palette-dialog'));

/**
 * Ctrl+K, Cmd+K and the header's button. The spotlight's store is its module's own, so opening it
 * before its dialog has mounted is kept and shown when it mounts.
 */
export function openPalette(): void {
  loadForUse(dialog, ({ openSpotlight }) => openSpotlight());
}

/**
 * The command palette (issue 24, decision 046): listens for Ctrl+K or Cmd+K everywhere in the
 * console and, once asked for, holds its dialog (palette-dialog.tsx).
 */
export function CommandPalette() {
  useHotkeys([['mod + K', openPalette]], EVERY_TAG);
  const loaded = useSyncExternalStore(dialog.subscribe, dialog.current, dialog.current);
  return loaded ? <loaded.PaletteDialog /> : null;
}
