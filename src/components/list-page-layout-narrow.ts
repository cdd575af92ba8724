import { useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

/**
 * Below this breakpoint (Mantine's md, 992px) the sidebar is an overlay and the list screens fold:
 * the filter panel becomes a select above the list, and the toolbar's controls share the width.
 */
export const NARROW_BREAKPOINT = 'md';

/** True on a phone or a tablet: narrower than the `md` breakpoint. Read at once, not in an effect. */
export function useNarrowScreen(): boolean {
  const theme = useMantineTheme();
  const wide = useMediaQuery(`(min-width: ${theme.breakpoints[NARROW_BREAKPOINT]})`, true, {
    getInitialValueInEffect: false,
  });
  return !wide;
}
