import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { UI_PAGES } from './copy';

// The spec has no 403 page (its guard leaves the case open, spec deviation 6); these texts are ours.
export const FORBIDDEN_TEXT = UI_PAGES.forbidden;

/** Shown inside the console layout when the user lacks the route's permission. */
export function ForbiddenPage() {
  return (
    <Stack align="flex-start" gap="sm" py="xl" maw={560}>
      <Text c="red" fw={700} size="xl">
        403
      </Text>
      <Title order={1}>{FORBIDDEN_TEXT.title}</Title>
      <Text c="dimmed">{FORBIDDEN_TEXT.body}</Text>
      <Button renderRoot={(props) => <Link to="/" {...props} />} mt="md" variant="light">
        {FORBIDDEN_TEXT.home}
      </Button>
    </Stack>
  );
}
