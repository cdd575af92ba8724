import { Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { UI_PAGES } from './copy';

/** Placeholder for screens still to come (spec §2). */
export function UnderConstructionPage({ title }: { title?: string }) {
  return (
    <Stack gap="lg">
      {title ? <Title order={1}>{title}</Title> : null}
      <Center py="xl">
        <Stack align="center" gap="sm">
          <ThemeIcon size={56} radius="xl" variant="light" color="yellow" aria-hidden>
            <svg
              width="28"
              height="28"
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              aria-hidden="true"
            >
              <path d="M2 20h20M5 20V10l7-6 7 6v10M9 20v-6h6v6" />
            </svg>
          </ThemeIcon>
          <Text size="lg" ta="center">
            {UI_PAGES.underConstruction}
          </Text>
        </Stack>
      </Center>
    </Stack>
  );
}
