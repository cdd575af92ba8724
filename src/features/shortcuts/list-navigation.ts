import { LIST_ROW_ATTRIBUTE } from '@/components/roving-rows';

/**
 * The DOM side of the list shortcuts: rows are marked with `data-list-row` by the shared table
 * (src/components/data-table.tsx through useRovingRows), the search box is the page's searchbox.
 */
const ROW_SELECTOR = `[${LIST_ROW_ATTRIBUTE}]`;

/** The rows of the table the focus is in, else of the page's first list table. */
function currentRows(): HTMLElement[] {
  const active = document.activeElement;
  const table =
    active instanceof HTMLElement && active.closest(ROW_SELECTOR)
      ? active.closest('table')
      : document.querySelector(`main ${ROW_SELECTOR}`)?.closest('table');
  return table ? [...table.querySelectorAll<HTMLElement>(ROW_SELECTOR)] : [];
}

/** Moves the focus one row down (1) or up (-1); from outside the table, to its first row. */
export function moveRowFocus(step: 1 | -1): boolean {
  const rows = currentRows();
  if (rows.length === 0) return false;
  const at = document.activeElement instanceof HTMLElement ? rows.indexOf(document.activeElement) : -1;
  const next = at === -1 ? 0 : Math.min(rows.length - 1, Math.max(0, at + step));
  const row = rows[next];
  if (!row) return false;
  row.focus();
  row.scrollIntoView?.({ block: 'nearest' });
  return true;
}

/** Focuses the page's list search box; false when the page has none. */
export function focusListSearch(): boolean {
  const box = document.querySelector<HTMLElement>('main [role="searchbox"]');
  if (!box) return false;
  box.focus();
  return true;
}
