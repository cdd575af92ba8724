import { Box, type MantineColorScheme, Menu, SegmentedControl, useMantineColorScheme } from '@mantine/core';
import { UI_SHELL } from './copy';

const SCHEMES: readonly MantineColorScheme[] = ['light', 'dark', 'auto'];

function isScheme(value: string): value is MantineColorScheme {
  return (SCHEMES as readonly string[]).includes(value);
}

/**
 * Light, dark or the system's choice, as a radio group in the user menu (Mantine's menu items
 * cannot be radio items). Mantine keeps the choice in localStorage, so it holds across reloads
 * and sign-ins in this browser.
 */
export function ColorSchemeItems() {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  return (
    <>
      <Menu.Label id="theme-label">{UI_SHELL.theme}</Menu.Label>
      <Box px="xs" pb={6}>
        <SegmentedControl
          fullWidth
          size="xs"
          aria-labelledby="theme-label"
          value={colorScheme}
          onChange={(value) => {
            if (isScheme(value)) setColorScheme(value);
          }}
          data={SCHEMES.map((scheme) => ({ value: scheme, label: UI_SHELL.schemes[scheme] }))}
        />
      </Box>
    </>
  );
}
