import { ActionIcon, Tooltip } from '@mantine/core';
import { openPalette } from './command-palette';
import { UI_PALETTE } from './copy';

/** The header's way into the palette for a pointer or a touch screen (the keyboard has Ctrl+K). */
export function CommandPaletteButton() {
  return (
    <Tooltip label={UI_PALETTE.open}>
      <ActionIcon variant="subtle" color="gray" size="lg" aria-label={UI_PALETTE.open} onClick={openPalette}>
        <svg
          aria-hidden="true"
          width="18"
          height="18"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
        >
          <circle cx="11" cy="11" r="7" />
          <path d="M20 20 L16 16" />
        </svg>
      </ActionIcon>
    </Tooltip>
  );
}
