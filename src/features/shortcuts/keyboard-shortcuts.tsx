import { useDisclosure, useWindowEvent } from '@mantine/hooks';
import { useSyncExternalStore } from 'react';
import { lazyPart, loadForUse } from '@/components/lazy-part';
import { focusListSearch, moveRowFocus } from './list-navigation';
import { ignoresShortcut } from './shortcut-guard';

/**
 * The list of shortcuts comes with the first `?` (decision 080): the console's pages load without
 * Mantine's Modal. It opens once it has arrived; a failed load says so, and the next `?` tries again.
 */
const dialogPart = lazyPart(() => import('./shortcuts-dialog'));

/**
 * The console's single-key shortcuts (issue 24, decision 046): `/` focuses the list's search box,
 * `j` and `k` move through the list's rows (Enter opens one, as a click does: the table's own key
 * handling), `?` lists every shortcut. Ctrl+K belongs to the command palette.
 */
/** Runs the shortcut of a key; false when the key has none here (or nothing to act on). */
function runShortcut(key: string, openDialog: () => void): boolean {
  switch (key) {
    case '/':
      return focusListSearch();
    case 'j':
      return moveRowFocus(1);
    case 'k':
      return moveRowFocus(-1);
    case '?':
      openDialog();
      return true;
    default:
      return false;
  }
}

export function KeyboardShortcuts() {
  const [opened, dialog] = useDisclosure(false);

  useWindowEvent('keydown', (event) => {
    if (ignoresShortcut(event)) return;
    const handled = runShortcut(event.key, () => loadForUse(dialogPart, dialog.open));
    // Only a key that did something is kept from the page ('/' would start Firefox's find).
    if (handled) event.preventDefault();
  });

  const loaded = useSyncExternalStore(dialogPart.subscribe, dialogPart.current, dialogPart.current);
  return loaded ? <loaded.ShortcutsDialog opened={opened} onClose={dialog.close} /> : null;
}
