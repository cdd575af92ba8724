import { createTheme } from '@mantine/core';

/** Spec §2: content stops growing at the 2xl screen size (1536px). */
export const CONTENT_MAX_WIDTH = 1536;
/** Spec §2 and §9: the sidebar is 240px wide. */
export const SIDEBAR_WIDTH = 240;
export const HEADER_HEIGHT = 60;

export const theme = createTheme({
  primaryColor: 'blue',
  // A visible ring for keyboard users, none for mouse clicks.
  focusRing: 'auto',
  defaultRadius: 'md',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
});
