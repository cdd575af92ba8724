import { useMemo, useState } from 'react';

/** Marks a list table's clickable rows, for the `j`/`k` shortcuts (src/features/shortcuts). */
export const LIST_ROW_ATTRIBUTE = 'data-list-row';

/**
 * A roving tabindex over a table's clickable rows (decision 046): Tab enters the table at one row
 * (the last one focused, else the first) instead of stopping at every row, and `j`/`k` move the
 * focus between rows. The rows keep their own Enter and click.
 */
export function useRovingRows(count: number): RovingRows {
  const [active, setActive] = useState(0);
  // A new page may be shorter than the old one: keep the tab stop on a row that exists.
  const current = active < count ? active : 0;
  // The same object until the tab stop moves, so the memoised rows (DataTable) can skip a render.
  return useMemo(
    () => ({
      rowProps: (index: number) => ({
        tabIndex: index === current ? 0 : -1,
        [LIST_ROW_ATTRIBUTE]: '',
        onFocus: () => setActive(index),
      }),
    }),
    [current],
  );
}

export interface RovingRows {
  rowProps: (index: number) => {
    tabIndex: number;
    [LIST_ROW_ATTRIBUTE]: string;
    onFocus: () => void;
  };
}
