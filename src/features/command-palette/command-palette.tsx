import { useHotkeys } from '@mantine/hooks';
import { useSyncExternalStore } from 'react';
import { UI_KIT } from '@/components/copy';
import { lazyPart } from '@/components/lazy-part';
import { notifyError } from '@/lib/notify';

/** Text fields too: Ctrl+K in a list's search box opens the palette (decision 049). */
const EVERY_TAG: string[] = [];

/**
 * The palette's dialog and Mantine's spotlight come on first use (decision 080): a console page
 * loads with only the key and the header's button, which load it and then open it.
 */
const dialog = lazyPart(() => import('./palette-dialog'));

/** Whether the dialog has been asked for since the page loaded: once it has, it stays mounted. */
let wanted = false;
const wantedListeners = new Set<() => void>();
const subscribeWanted = (listener: () => void) => {
  wantedListeners.add(listener);
  return () => {
    wantedListeners.delete(listener);
  };
};
const isWanted = () => wanted;

/**
 * Ctrl+K, Cmd+K and the header's button. The spotlight's store is its module's own, so opening
 * it before its dialog has mounted is kept and shown when it mounts. A failed load says so in a
 * toast; the next try loads again.
 */
export function openPalette(): void {
  if (!wanted) {
    wanted = true;
    for (const listener of wantedListeners) listener();
  }
  dialog.load().then(
    ({ openSpotlight }) => openSpotlight(),
    () => notifyError(UI_KIT.list.failed),
  );
}

/**
 * The command palette (issue 24, decision 046): listens for Ctrl+K or Cmd+K everywhere in the
 * console and, once asked for, holds its dialog (palette-dialog.tsx).
 */
export function CommandPalette() {
  useHotkeys([['mod + K', openPalette]], EVERY_TAG);
  const shown = useSyncExternalStore(subscribeWanted, isWanted, isWanted);
  const loaded = useSyncExternalStore(dialog.subscribe, dialog.current, dialog.current);
  return shown && loaded ? <loaded.PaletteDialog /> : null;
}
