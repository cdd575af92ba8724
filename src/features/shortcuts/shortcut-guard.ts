/**
 * When a single-key shortcut must not fire: a modifier is held (those belong to the browser and
 * the palette), the key is typed into a field, or a dialog is open (its own keys rule there).
 */
export function ignoresShortcut(event: KeyboardEvent): boolean {
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return true;
  return isTypingTarget(event.target) || isDialogOpen();
}

export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    target.closest('input, textarea, select, [contenteditable="true"], [role="combobox"]') !== null
  );
}

/** Mantine's modals, drawers and the palette are all `aria-modal` dialogs while open. */
export function isDialogOpen(): boolean {
  return document.querySelector('[role="dialog"][aria-modal="true"], [aria-modal="true"]') !== null;
}
